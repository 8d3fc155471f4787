import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batchableRun } from "../../db/raw";
import { stemsOf } from "./words";

// The search index kept in step with every write (docs/conversations.md "Search"): statements to
// put in the same batch as the write they follow. rowid is the message's id, or minus the topic's
// id for its name; the owner comes from the topic, so every caller writes it the same way.

const ownerOf = (topicId: number) => sql`(SELECT 'u' || user_id FROM topics WHERE id = ${topicId})`;

/** Indexes message `messageId` (an id, or an SQL expression giving it) of the topic. */
export const indexMessage = (db: Db, topicId: number, messageId: number | ReturnType<typeof sql>, text: string) =>
  batchableRun(db, sql`INSERT INTO search_index (rowid, owner, body, topic_id) VALUES (${messageId}, ${ownerOf(topicId)}, ${stemsOf(text)}, ${topicId})`);

/** Forgets a message's words (before it is indexed again with new text). */
export const unindexMessage = (db: Db, messageId: number) => batchableRun(db, sql`DELETE FROM search_index WHERE rowid = ${messageId}`);

/** The topic's name as the index knows it: its words, or nothing for a topic without a name. */
export const indexTitle = (db: Db, topicId: number, name: string | null) =>
  [
    batchableRun(db, sql`DELETE FROM search_index WHERE rowid = ${-topicId}`),
    batchableRun(
      db,
      sql`INSERT INTO search_index (rowid, owner, body, topic_id) SELECT ${-topicId}, ${ownerOf(topicId)}, ${stemsOf(name ?? "")}, ${topicId} WHERE ${name?.trim() ? 1 : 0}`,
    ),
  ] as const;

/** Everything of the user's topic, before the topic (and by cascade its messages) is deleted; nothing for another's. */
export const unindexTopic = (db: Db, userId: number, topicId: number) => {
  const owned = sql`EXISTS (SELECT 1 FROM topics WHERE id = ${topicId} AND user_id = ${userId})`;
  return [
    batchableRun(db, sql`DELETE FROM search_index WHERE rowid IN (SELECT id FROM messages WHERE topic_id = ${topicId}) AND ${owned}`),
    batchableRun(db, sql`DELETE FROM search_index WHERE rowid = ${-topicId} AND ${owned}`),
  ] as const;
};
