import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { SearchHit } from "../schemas";
import { matchExpression, queryStems, snippetOf } from "./words";

/** Results one search answers, best first. */
export const SEARCH_LIMIT = 20;

type HitRow = {
  rowid: number;
  topic_id: number;
  topic_name: string | null;
  assistant_type: string;
  status: "active" | "archived";
  message_id: number | null;
  text: string | null;
  created_at: number;
};

/**
 * The caller's chats whose name or messages hold every word of `query` (any form of it), best
 * first by FTS5's bm25 (docs/conversations.md "Search"). The index is narrowed to the caller by its
 * owner token, and each hit is joined to a topic of theirs as well.
 */
export async function searchTopics(db: Db, userId: number, query: string): Promise<SearchHit[]> {
  const stems = queryStems(query);
  if (stems.length === 0) return [];
  const rows = await db.all<HitRow>(sql`
    SELECT f.rowid AS rowid, t.id AS topic_id, t.topic_name, t.assistant_type, t.status, m.id AS message_id, m.text,
      coalesce(m.created_at, t.created_at) AS created_at
    FROM (SELECT rowid, topic_id, rank FROM search_index WHERE search_index MATCH ${matchExpression(`u${userId}`, stems)} ORDER BY rank LIMIT ${SEARCH_LIMIT}) f
    JOIN topics t ON t.id = f.topic_id AND t.user_id = ${userId}
    LEFT JOIN messages m ON m.id = f.rowid AND f.rowid > 0
    WHERE f.rowid < 0 OR m.id IS NOT NULL
    ORDER BY f.rank`);
  return rows.map((r) => ({
    topic_id: r.topic_id,
    topic_name: r.topic_name,
    assistant_type: r.assistant_type,
    status: r.status,
    message_id: r.message_id,
    snippet: snippetOf(r.message_id === null ? (r.topic_name ?? "") : (r.text ?? ""), stems),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
