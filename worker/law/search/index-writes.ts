import type { LawDb } from "../../db/law";
import { indexTerms } from "./terms";

// The search index's rows (migrations/law/0001_law_search.sql): one per edition that is not a repeal, keyed by the
// edition's id, written by the import once its editions are in (docs/law.md "Answers grounded in the text"). Plain
// D1 statements: drizzle knows nothing of the FTS5 table.

const BATCH = 100;

async function inBatches(d1: D1Database, statements: D1PreparedStatement[]) {
  for (let i = 0; i < statements.length; i += BATCH) await d1.batch(statements.slice(i, i + BATCH));
}

/**
 * Indexes the act's editions that have no row yet: the ones an import just wrote, those it rewrote in place
 * (`rewritten`: an import of the same date, whose rows are dropped first), and any from before the index (so importing
 * an act's file again fills the index in). Repealed editions are not indexed: their text is the repeal.
 */
export async function indexActEditions(db: LawDb, actId: number, rewritten: number[] = []): Promise<number> {
  const d1 = db.$client;
  await inBatches(
    d1,
    rewritten.map((id) => d1.prepare("DELETE FROM law_search WHERE rowid = ?").bind(id)),
  );
  const { results } = await d1
    .prepare(
      `SELECT e.id, e.title, e.text FROM law_article_editions e JOIN law_articles a ON a.id = e.article_id
       WHERE a.act_id = ? AND e.repealed = 0 AND e.id NOT IN (SELECT rowid FROM law_search)`,
    )
    .bind(actId)
    .all<{ id: number; title: string; text: string }>();
  await inBatches(
    d1,
    results.map((row) =>
      d1
        .prepare("INSERT INTO law_search (rowid, title, body) VALUES (?, ?, ?)")
        .bind(row.id, indexTerms(row.title), indexTerms(row.text)),
    ),
  );
  return results.length;
}
