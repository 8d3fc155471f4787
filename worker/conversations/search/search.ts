import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { topics } from "../../db/schema";
import type { SearchHit } from "../schemas";
import { matchExpression, queryStems, snippetOf } from "./words";

/** Results one search answers, best first. */
export const SEARCH_LIMIT = 20;

type IndexHit = { rowid: number; topic_id: number; message_id: number | null; text: string | null; created_at: number | null };

/**
 * The caller's chats whose name or messages hold every word of `query` (any form of it), best
 * first by FTS5's bm25 (docs/conversations.md "Search"). The index, in the caller's history shard,
 * is narrowed to the caller by its owner token; the hits' topics are then read from the main D1,
 * the caller's only.
 */
export async function searchTopics(db: Db, h: HistoryDb, userId: number, query: string): Promise<SearchHit[]> {
  const stems = queryStems(query);
  if (stems.length === 0) return [];
  const hits = await h.all<IndexHit>(sql`
    SELECT f.rowid AS rowid, f.topic_id, m.id AS message_id, m.text, m.created_at
    FROM (SELECT rowid, topic_id, rank FROM search_index WHERE search_index MATCH ${matchExpression(`u${userId}`, stems)} ORDER BY rank LIMIT ${SEARCH_LIMIT}) f
    LEFT JOIN messages m ON m.id = f.rowid AND f.rowid > 0 AND m.user_id = ${userId}
    WHERE f.rowid < 0 OR m.id IS NOT NULL
    ORDER BY f.rank`);
  if (hits.length === 0) return [];
  const ids = [...new Set(hits.map((hit) => hit.topic_id))];
  const rows = await db
    .select()
    .from(topics)
    .where(and(eq(topics.userId, userId), inArray(topics.id, ids)));
  const topicOf = new Map(rows.map((t) => [t.id, t]));
  return hits.flatMap((hit) => {
    const topic = topicOf.get(hit.topic_id);
    if (!topic) return [];
    return [
      {
        topic_id: topic.id,
        topic_name: topic.topicName,
        assistant_type: topic.assistantType,
        status: topic.status,
        message_id: hit.message_id,
        snippet: snippetOf(hit.message_id === null ? (topic.topicName ?? "") : (hit.text ?? ""), stems),
        created_at: new Date(hit.created_at ?? topic.createdAt).toISOString(),
      },
    ];
  });
}
