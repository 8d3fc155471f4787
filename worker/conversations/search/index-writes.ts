import { sql, type SQL } from "drizzle-orm";
import type { HistoryDb } from "../../db/history";
import { batchableRun } from "../../db/raw";
import type { IndexBody } from "./lexicon";

// The search index kept in step with every write (docs/conversations.md "Search"): statements to
// put in the same batch of the history shard as the write they follow. rowid is the message's id,
// or minus the topic's id for its name; `owner` is `u<userId>` of the topic's owner. The body is
// made beforehand (lexicon.ts: one call to the dictionary), so the batch waits for nothing.

const ownerToken = (userId: number) => `u${userId}`;

/** Marks, beside the owner, a row written in stems because the dictionary could not be asked (reindex.ts). */
export const IN_STEMS = "stems";

const ownerOf = (userId: number, body: IndexBody) => `${ownerToken(userId)}${body.inStems ? ` ${IN_STEMS}` : ""}`;

/** Indexes message `messageId` (an id, or an SQL expression giving it) of the user's topic. */
export const indexMessage = (
  db: HistoryDb,
  topic: { id: number; userId: number },
  messageId: number | SQL,
  body: IndexBody,
) =>
  batchableRun(
    db,
    sql`INSERT INTO search_index (rowid, owner, body, topic_id) VALUES (${messageId}, ${ownerOf(topic.userId, body)}, ${body.words}, ${topic.id})`,
  );

/** Forgets a message's words (before it is indexed again with new text). */
export const unindexMessage = (db: HistoryDb, messageId: number) =>
  batchableRun(db, sql`DELETE FROM search_index WHERE rowid = ${messageId}`);

/** The topic's name as the index knows it: its words (`body`, of the name), or nothing for a topic without a name. */
export const indexTitle = (db: HistoryDb, topic: { id: number; userId: number }, body: IndexBody | null) =>
  [
    batchableRun(db, sql`DELETE FROM search_index WHERE rowid = ${-topic.id}`),
    batchableRun(
      db,
      sql`INSERT INTO search_index (rowid, owner, body, topic_id) SELECT ${-topic.id}, ${body ? ownerOf(topic.userId, body) : ""}, ${body?.words ?? ""}, ${topic.id} WHERE ${body?.words.trim() ? 1 : 0}`,
    ),
  ] as const;

/** Everything the index holds of a topic (its messages' words and its name). */
export const unindexTopic = (db: HistoryDb, topicId: number) =>
  batchableRun(
    db,
    sql`DELETE FROM search_index WHERE rowid IN (SELECT id FROM messages WHERE topic_id = ${topicId}) OR rowid = ${-topicId}`,
  );

/** Everything the index holds of a user (the account is being deleted). */
export const unindexUser = (db: HistoryDb, userId: number) =>
  batchableRun(
    db,
    sql`DELETE FROM search_index WHERE rowid IN (SELECT rowid FROM search_index WHERE search_index MATCH ${`owner : "${ownerToken(userId)}"`})`,
  );
