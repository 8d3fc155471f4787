import { and, eq, isNull, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { lawActs, lawArticleEditions, lawArticles } from "../../db/law-schema";
import type { LawDb } from "../../db/law";
import { indexActEditions } from "../search/index-writes";
import { LawImportError } from "./errors";
import { type ParsedArticle, parseAct } from "./parse";

export const IMPORT_TEXTS = {
  noArticles: "В файле не найдено ни одной статьи: ожидаются заголовки вида «Статья 1.»",
  older: (latest: string) =>
    `В библиотеке уже есть редакция этого акта от ${latest}: импортируйте редакции по порядку, от ранней к поздней`,
} as const;

/** What an import found and did (`npm run admin -- law import` prints it). */
export type ImportReport = {
  act: string;
  articles: number;
  /** Articles whose text (or title, or repeal) is new or differs: a new edition written. */
  changed: number;
  unchanged: number;
  /** Articles the file gives as repealed. */
  repealed: number;
  unplaced_lines: number;
  /** The first lines it could not place, for the operator to look at. */
  unplaced: string[];
};

export type ImportInput = { act: string; title?: string; inForceFrom: string; text: string; demo?: boolean };

// D1 statements per batch: a batch is one transaction, and a whole code is thousands of statements.
const BATCH = 100;
const UNPLACED_SHOWN = 20;

/**
 * Stores an act's text as the edition in force from `inForceFrom`: a new or changed article gets a new
 * edition and its open one is closed on that date (or replaced, when it is from the same date); an
 * article the same as its open edition is left alone, so the same file twice changes nothing. Articles
 * the file lacks keep their editions. Only a date no earlier than the act's latest edition is taken.
 */
export async function importAct(db: LawDb, input: ImportInput): Promise<ImportReport> {
  const parsed = parseAct(input.text);
  const unplaced = [...parsed.unplaced];
  const seen = new Set<string>();
  const articles: ParsedArticle[] = [];
  for (const article of parsed.articles) {
    if (seen.has(article.number)) unplaced.push(`Статья ${article.number} повторяется: взята первая`);
    else articles.push(article);
    seen.add(article.number);
  }
  if (articles.length === 0) throw new LawImportError(IMPORT_TEXTS.noArticles);

  const actId = await ensureAct(db, input, parsed.title);
  const [latest] = await db
    .select({ from: max(lawArticleEditions.inForceFrom) })
    .from(lawArticleEditions)
    .innerJoin(lawArticles, eq(lawArticles.id, lawArticleEditions.articleId))
    .where(eq(lawArticles.actId, actId));
  if (latest?.from && latest.from > input.inForceFrom) throw new LawImportError(IMPORT_TEXTS.older(latest.from));

  await placeArticles(db, actId, articles);
  const stored = await openEditions(db, actId);
  const writes: BatchItem<"sqlite">[] = [];
  const rewritten: number[] = [];
  let changed = 0;
  for (const article of articles) {
    const row = stored.get(article.number);
    if (!row) continue;
    if (row.editionId !== null && sameEdition(row, article)) continue;
    changed += 1;
    const edition = {
      title: article.title,
      text: article.text,
      parts: article.parts,
      repealed: article.repealed,
      repealedOn: article.repealedOn,
    };
    if (row.editionId !== null && row.from === input.inForceFrom) {
      rewritten.push(row.editionId);
      writes.push(db.update(lawArticleEditions).set(edition).where(eq(lawArticleEditions.id, row.editionId)));
      continue;
    }
    if (row.editionId !== null)
      writes.push(
        db
          .update(lawArticleEditions)
          .set({ inForceTo: input.inForceFrom })
          .where(eq(lawArticleEditions.id, row.editionId)),
      );
    writes.push(
      db.insert(lawArticleEditions).values({ ...edition, articleId: row.id, inForceFrom: input.inForceFrom }),
    );
  }
  await runBatches(db, writes);
  await indexActEditions(db, actId, rewritten);
  return {
    act: input.act,
    articles: articles.length,
    changed,
    unchanged: articles.length - changed,
    repealed: articles.filter((a) => a.repealed).length,
    unplaced_lines: unplaced.length,
    unplaced: unplaced.slice(0, UNPLACED_SHOWN),
  };
}

async function ensureAct(db: LawDb, input: ImportInput, parsedTitle: string | null): Promise<number> {
  const title = input.title ?? parsedTitle ?? input.act;
  const [row] = await db
    .insert(lawActs)
    .values({ shortName: input.act, title, demo: input.demo ?? false })
    .onConflictDoUpdate({
      target: lawActs.shortName,
      // A title given with the import wins; one read from the file does not replace one already set. A real
      // import over the demo excerpts makes the act no longer a demo.
      set: { demo: input.demo ?? false, ...(input.title ? { title: input.title } : {}) },
    })
    .returning({ id: lawActs.id });
  return row!.id;
}

/** New articles added, and moved ones (place in the act, order) updated; the rest untouched. */
async function placeArticles(db: LawDb, actId: number, articles: ParsedArticle[]) {
  const existing = new Map(
    (
      await db
        .select({ number: lawArticles.number, path: lawArticles.path, position: lawArticles.position })
        .from(lawArticles)
        .where(eq(lawArticles.actId, actId))
    ).map((row) => [row.number, row]),
  );
  const writes: BatchItem<"sqlite">[] = [];
  articles.forEach((article, position) => {
    const row = existing.get(article.number);
    if (row && row.position === position && JSON.stringify(row.path) === JSON.stringify(article.path)) return;
    writes.push(
      db
        .insert(lawArticles)
        .values({ actId, number: article.number, path: article.path, position })
        .onConflictDoUpdate({ target: [lawArticles.actId, lawArticles.number], set: { path: article.path, position } }),
    );
  });
  await runBatches(db, writes);
}

type StoredArticle = {
  id: number;
  editionId: number | null;
  from: string | null;
  title: string | null;
  text: string | null;
  repealed: boolean | null;
  repealedOn: string | null;
};

/** Each article of the act by number, with its open edition (none yet for a new one). */
async function openEditions(db: LawDb, actId: number): Promise<Map<string, StoredArticle>> {
  const rows = await db
    .select({
      id: lawArticles.id,
      number: lawArticles.number,
      editionId: lawArticleEditions.id,
      from: lawArticleEditions.inForceFrom,
      title: lawArticleEditions.title,
      text: lawArticleEditions.text,
      repealed: lawArticleEditions.repealed,
      repealedOn: lawArticleEditions.repealedOn,
    })
    .from(lawArticles)
    .leftJoin(
      lawArticleEditions,
      and(eq(lawArticleEditions.articleId, lawArticles.id), isNull(lawArticleEditions.inForceTo)),
    )
    .where(eq(lawArticles.actId, actId));
  return new Map(rows.map((row) => [row.number, row]));
}

const sameEdition = (row: StoredArticle, article: ParsedArticle) =>
  row.title === article.title &&
  row.text === article.text &&
  Boolean(row.repealed) === article.repealed &&
  row.repealedOn === article.repealedOn;

async function runBatches(db: LawDb, writes: BatchItem<"sqlite">[]) {
  for (let i = 0; i < writes.length; i += BATCH) {
    const batch = writes.slice(i, i + BATCH);
    await db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
}
