import { and, asc, eq, inArray } from "drizzle-orm";
import { chunked } from "../../db/chunks";
import type { LawDb } from "../../db/law";
import { lawActs, lawArticleEditions, lawArticles } from "../../db/law-schema";
import { type FoundCitation, findCitations } from "../citations";
import type { Citation } from "../schemas";

type Edition = { inForceFrom: string; inForceTo: string | null; repealed: boolean; repealedOn: string | null };
type Found = FoundCitation & { article: string };

/**
 * Every citation of an article in `text`, resolved against the library at `date` (YYYY-MM-DD): in force (with
 * the edition used), repealed (since when), no such article in an act the library has, or an act it has not
 * (docs/law.md "Every citation checked"). One read of the library for all of them, none when there are none.
 */
export async function resolveCitations(db: LawDb, text: string, date: string): Promise<Citation[]> {
  const found = unique(findCitations(text).filter((c): c is Found => c.article !== undefined));
  if (found.length === 0) return [];
  const acts = [...new Set(found.map((c) => c.act))];
  const numbers = [...new Set(found.map((c) => c.article))];
  // D1 binds at most 100 values a statement: a long text's acts and numbers are read in slices, in one batch.
  const reads = chunked(acts, 20).flatMap((someActs) =>
    chunked(numbers, 75).map((someNumbers) => editionsOf(db, someActs, someNumbers)),
  );
  const rows = (await db.batch(reads as [(typeof reads)[number], ...(typeof reads)[number][]])).flat();
  const known = new Set(rows.map((r) => r.act));
  const editions = new Map<string, Edition[]>();
  for (const row of rows) {
    if (row.number === null || row.inForceFrom === null) continue;
    const key = keyOf(row.act, row.number);
    editions.set(key, [...(editions.get(key) ?? []), row as Edition]);
  }
  return found.map((c) => resolved(c, known.has(c.act), editions.get(keyOf(c.act, c.article)), date));
}

function editionsOf(db: LawDb, acts: string[], numbers: string[]) {
  return db
    .select({
      act: lawActs.shortName,
      number: lawArticles.number,
      inForceFrom: lawArticleEditions.inForceFrom,
      inForceTo: lawArticleEditions.inForceTo,
      repealed: lawArticleEditions.repealed,
      repealedOn: lawArticleEditions.repealedOn,
    })
    .from(lawActs)
    .leftJoin(lawArticles, and(eq(lawArticles.actId, lawActs.id), inArray(lawArticles.number, numbers)))
    .leftJoin(lawArticleEditions, eq(lawArticleEditions.articleId, lawArticles.id))
    .where(inArray(lawActs.shortName, acts))
    .orderBy(asc(lawArticleEditions.inForceFrom));
}

const keyOf = (act: string, number: string) => `${act}\u0000${number}`;

/** The finder's items as the contract has them: no subpoint, so one item per article, part and point. */
function unique(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = [c.start, c.article, c.part ?? "", c.point ?? ""].join("\u0000");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function resolved(c: Found, actKnown: boolean, editions: Edition[] | undefined, date: string): Citation {
  const base: Citation = {
    text: c.text,
    start: c.start,
    end: c.end,
    act: c.act,
    article: c.article,
    ...(c.part !== undefined && { part: c.part }),
    ...(c.point !== undefined && { point: c.point }),
    status: actKnown ? "not_found" : "unknown_act",
  };
  if (!editions?.length) return base;
  // Before the article's first edition the library holds no older text: that first edition is the one used.
  const edition = editions.find((e) => e.inForceFrom <= date && (e.inForceTo === null || date < e.inForceTo));
  const used = edition ?? editions[0]!;
  if (!used.repealed) return { ...base, status: "in_force", edition_from: used.inForceFrom };
  return {
    ...base,
    status: "repealed",
    edition_from: used.inForceFrom,
    repealed_on: used.repealedOn ?? used.inForceFrom,
  };
}
