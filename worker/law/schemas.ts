import { z } from "zod";

// The law library's API shapes (docs/law.md "The library").

const isoDay = z.iso.date();

export const importReportSchema = z
  .strictObject({
    act: z.string(),
    articles: z.int(),
    changed: z.int(),
    unchanged: z.int(),
    repealed: z.int(),
    unplaced_lines: z.int(),
    unplaced: z.array(z.string()),
  })
  .meta({ id: "LawImportReport" });

const partSchema = z.strictObject({
  number: z.string().nullable(),
  text: z.string(),
  points: z.array(z.strictObject({ number: z.string(), text: z.string() })),
});

export const articleSchema = z
  .strictObject({
    act: z.strictObject({ short_name: z.string(), title: z.string(), demo: z.boolean() }),
    number: z.string(),
    title: z.string(),
    path: z.array(z.string()),
    date: isoDay,
    status: z.enum(["in_force", "repealed"]),
    repealed_on: isoDay.nullable(),
    edition: z.strictObject({
      in_force_from: isoDay,
      in_force_to: isoDay.nullable(),
      text: z.string(),
      parts: z.array(partSchema),
    }),
    editions: z.array(z.strictObject({ in_force_from: isoDay, in_force_to: isoDay.nullable(), repealed: z.boolean() })),
  })
  .meta({ id: "LawArticle" });

/**
 * One citation of a reply or a pasted text, resolved against the library at a date (docs/law.md "Every citation
 * checked"). The contract shared by the API, the web app and the bot.
 */
export const citationSchema = z
  .strictObject({
    text: z.string(), // the citation as written in the reply
    start: z.int(), // its place in the reply: UTF-16 offsets, [start, end)
    end: z.int(),
    act: z.string(), // the library's short name («ГК РФ»); for unknown_act the act as written
    article: z.string(), // «1062.1»
    part: z.string().optional(),
    point: z.string().optional(),
    status: z.enum(["in_force", "repealed", "not_found", "unknown_act"]),
    edition_from: z.iso.date().optional(), // the edition used (in_force / repealed)
    repealed_on: z.iso.date().optional(),
  })
  .meta({ id: "LawCitation" });
export type Citation = z.infer<typeof citationSchema>;
export type CitationStatus = Citation["status"];

/** `POST /law/citations/check`: the citations of the text sent, in order. */
export const citationCheckSchema = z
  .strictObject({ citations: z.array(citationSchema) })
  .meta({ id: "LawCitationCheck" });

export const actContentsSchema = z
  .strictObject({
    short_name: z.string(),
    title: z.string(),
    demo: z.boolean(),
    articles: z.array(
      z.strictObject({ number: z.string(), title: z.string(), path: z.array(z.string()), repealed: z.boolean() }),
    ),
  })
  .meta({ id: "LawActContents" });
