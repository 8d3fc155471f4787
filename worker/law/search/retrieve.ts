import { sql } from "drizzle-orm";
import type { LawDb } from "../../db/law";
import { findCitations } from "../citations";
import { queryTerms } from "./terms";

// Retrieval (docs/law.md "Answers grounded in the text"): the articles a question is about, in the editions in force
// on a date: first those it names itself («что говорит ст. 619 ГК?»), then the search index's best matches.

/** An article as the model is given it: the edition in force on the date asked. */
export type RelevantArticle = {
  act: string;
  actTitle: string;
  /** Demo excerpts (`npm start`), not an official publication. */
  demo: boolean;
  number: string;
  title: string;
  text: string;
  inForceFrom: string;
  inForceTo: string | null;
  repealed: boolean;
  repealedOn: string | null;
  /** Named in the question itself, not found by the search. */
  named: boolean;
};

/** The index's best matches looked at for each article wanted: older editions of the same articles rank alike. */
const CANDIDATES_PER_ARTICLE = 10;
const MIN_CANDIDATES = 50;
/** At most this many articles named in a question are fetched («статьи 1110–1185» names a chapter). */
const MAX_NAMED = 5;

type Row = {
  act: string;
  act_title: string;
  demo: number;
  number: string;
  title: string;
  text: string;
  in_force_from: string;
  in_force_to: string | null;
  repealed: number;
  repealed_on: string | null;
};

const COLUMNS = sql.raw(
  "ac.short_name AS act, ac.title AS act_title, ac.demo, a.number, e.title, e.text, e.in_force_from, " +
    "e.in_force_to, e.repealed, e.repealed_on",
);
const inForceOn = (date: string) =>
  sql`e.in_force_from <= ${date} AND (e.in_force_to IS NULL OR e.in_force_to > ${date})`;

const toArticle = (row: Row, named: boolean): RelevantArticle => ({
  act: row.act,
  actTitle: row.act_title,
  demo: Boolean(row.demo),
  number: row.number,
  title: row.title,
  text: row.text,
  inForceFrom: row.in_force_from,
  inForceTo: row.in_force_to,
  repealed: Boolean(row.repealed),
  repealedOn: row.repealed_on,
  named,
});

/** The articles the question cites itself, as the citation finder reads them, each once, in the edition of `date`. */
function namedArticles(db: LawDb, question: string, date: string): Promise<Row[]>[] {
  const seen = new Set<string>();
  const named = findCitations(question).filter((c) => {
    const key = `${c.act}\u0000${c.article}`;
    if (!c.article || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return named.slice(0, MAX_NAMED).map((c) =>
    db.all<Row>(sql`SELECT ${COLUMNS} FROM law_acts ac JOIN law_articles a ON a.act_id = ac.id
      JOIN law_article_editions e ON e.article_id = a.id
      WHERE ac.short_name = ${c.act} AND a.number = ${c.article!} AND ${inForceOn(date)} LIMIT 1`),
  );
}

/**
 * A term held by more editions than this ranks nothing (bm25 gives it almost no weight) but costs the search a
 * score for each of them: left out of the query («срок», «право», «лицо» in a whole code).
 */
const COMMON_TERM_EDITIONS = 2_000;
/** The rarest terms kept even when every term is common, so a question of common words still finds something. */
const MIN_TERMS = 2;

/**
 * The index's best matches for the question's terms, in force on `date` and not repealed, best first: one statement,
 * which also leaves out the terms most of the library holds (`COMMON_TERM_EDITIONS`; the rarest `MIN_TERMS` kept
 * when all are common), so the send waits for one round trip, not two.
 */
async function searchedArticles(db: LawDb, question: string, date: string, limit: number): Promise<Row[]> {
  const terms = queryTerms(question);
  if (!terms.length) return [];
  const candidates = Math.max(MIN_CANDIDATES, limit * CANDIDATES_PER_ARTICLE);
  // A digit alone is never a term of the index (terms.ts): the match of a question none of whose terms it holds.
  return db.all<Row>(sql`WITH held AS (
      SELECT term, doc FROM law_search_terms WHERE term IN (SELECT value FROM json_each(${JSON.stringify(terms)}))
    ), rare AS (SELECT term FROM held WHERE doc <= ${COMMON_TERM_EDITIONS}),
    chosen AS (
      SELECT term FROM rare WHERE (SELECT count(*) FROM rare) >= ${MIN_TERMS}
      UNION ALL SELECT term FROM (SELECT term FROM held ORDER BY doc LIMIT ${MIN_TERMS})
        WHERE (SELECT count(*) FROM rare) < ${MIN_TERMS}
    )
    SELECT ${COLUMNS}
    FROM (SELECT rowid AS id, rank FROM law_search
      WHERE law_search MATCH (SELECT coalesce(group_concat('"' || term || '"', ' OR '), '"0"') FROM chosen)
      ORDER BY rank LIMIT ${candidates}) hits
    JOIN law_article_editions e ON e.id = hits.id
    JOIN law_articles a ON a.id = e.article_id
    JOIN law_acts ac ON ac.id = a.act_id
    WHERE ${inForceOn(date)} AND e.repealed = 0
    ORDER BY hits.rank LIMIT ${limit}`);
}

/**
 * Up to `limit` articles for a question, in the editions in force on `date` (YYYY-MM-DD): the ones it names first
 * (a repealed one too: the model should know it was repealed), then the search's, best first, each article once.
 */
export async function relevantArticles(
  db: LawDb,
  question: string,
  options: { date: string; limit: number },
): Promise<RelevantArticle[]> {
  const [searched, ...named] = await Promise.all([
    searchedArticles(db, question, options.date, options.limit),
    ...namedArticles(db, question, options.date),
  ]);
  const out: RelevantArticle[] = [];
  const seen = new Set<string>();
  for (const [row, isNamed] of [
    ...named.flat().map((r) => [r, true] as const),
    ...searched!.map((r) => [r, false] as const),
  ]) {
    const key = `${row.act}\u0000${row.number}`;
    if (seen.has(key) || out.length >= options.limit) continue;
    seen.add(key);
    out.push(toArticle(row, isNamed));
  }
  return out;
}
