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
