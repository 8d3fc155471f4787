import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { topics } from "../../db/schema";
import type { SearchHit } from "../schemas";
import { type Lexicon, termsOf } from "./lexicon";
import { matchedWords, matchExpression, normalWord, queryWordsOf, snippetOf, termMatches, wordsOf } from "./words";

/** Results one search answers, best first. */
export const SEARCH_LIMIT = 20;

type IndexHit = {
  rowid: number;
  topic_id: number;
  message_id: number | null;
  text: string | null;
  created_at: number | null;
};

/**
 * The caller's chats whose name or messages hold every word of `query` (any form of it), best
 * first by FTS5's bm25 (docs/conversations.md "Search"). The index, in the caller's history shard,
 * is narrowed to the caller by its owner token; the hits' topics are then read from the main D1,
 * the caller's only. The dictionary is asked twice: for the query's words, then for the hits' words
 * to mark in their snippets.
 */
export async function searchTopics(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  userId: number,
  query: string,
): Promise<SearchHit[]> {
  const asked = wordsOf(query).map((w) => w.word);
  const words = queryWordsOf(query, await termsOf(lexicon, asked));
  if (words.length === 0) return [];
  const hits = await h.all<IndexHit>(sql`
    SELECT f.rowid AS rowid, f.topic_id, m.id AS message_id, m.text, m.created_at
    FROM (SELECT rowid, topic_id, rank FROM search_index WHERE search_index MATCH ${matchExpression(`u${userId}`, words)} ORDER BY rank LIMIT ${SEARCH_LIMIT}) f
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
  const textOf = (hit: IndexHit) =>
    hit.message_id === null ? (topicOf.get(hit.topic_id)?.topicName ?? "") : (hit.text ?? "");
  const shown = hits.flatMap((hit) => wordsOf(textOf(hit)).map((w) => w.word));
  const found = await termsOf(lexicon, shown);
  const isMatch = (word: string) =>
    found.get(normalWord(word))!.terms.some((term) => words.some((q) => termMatches(term, q)));
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
        snippet: snippetOf(textOf(hit), isMatch),
        words: matchedWords(textOf(hit), isMatch),
        created_at: new Date(hit.created_at ?? topic.createdAt).toISOString(),
      },
    ];
  });
}
