import { sql, type SQL } from "drizzle-orm";
import { topicLeaves } from "../../db/history-schema";
import type { HistoryDb } from "../../db/history";

// A topic's messages form a tree (docs/conversations.md "Versions"): each follows its parent, the
// topic's leaf names the branch on screen. These read and move along it.

/** The most messages a branch is read back over (the model's context is cut long before). */
const MAX_DEPTH = 10_000;

/**
 * The ids of a branch, from `start` (an SQL expression giving one message id, or NULL) up to the
 * topic's first question, as a subquery usable with IN.
 */
export const branchIds = (start: SQL, depth = MAX_DEPTH): SQL =>
  sql`(WITH RECURSIVE branch(id, depth) AS (
    SELECT ${start}, 1
    UNION ALL
    SELECT m.parent_id, branch.depth + 1 FROM messages m JOIN branch ON m.id = branch.id
    WHERE m.parent_id IS NOT NULL AND branch.depth < ${depth}
  ) SELECT id FROM branch WHERE id IS NOT NULL)`;

/** The topic's leaf (in its history shard), as a scalar subquery. */
export const leafOf = (topicId: SQL | number) =>
  sql`(SELECT leaf_message_id FROM topic_leaves WHERE topic_id = ${topicId})`;

/** The branch on screen: the topic's leaf and its parents. */
export const chosenBranchIds = (topicId: SQL | number) => branchIds(leafOf(topicId));

/**
 * The id of the message a branch through `messageId` ends with: below it, the newest message at
 * each step (the branch last written to there).
 */
export async function newestLeafBelow(db: HistoryDb, messageId: number): Promise<number> {
  const row = await db.get<{ id: number }>(sql`WITH RECURSIVE down(id) AS (
      SELECT ${messageId}
      UNION ALL
      SELECT (SELECT max(c.id) FROM messages c WHERE c.parent_id = down.id) FROM down WHERE down.id IS NOT NULL
    ) SELECT max(id) AS id FROM down`);
  return row?.id ?? messageId;
}

/** The statement that points the topic's branch at `leafId` (an id or an SQL expression giving one), for a batch. */
export const leafStatement = (db: HistoryDb, topic: { id: number; userId: number }, leafId: number | SQL) =>
  db
    .insert(topicLeaves)
    .values({ topicId: topic.id, userId: topic.userId, leafMessageId: sql`${leafId}` })
    .onConflictDoUpdate({ target: topicLeaves.topicId, set: { leafMessageId: sql`${leafId}` } });

/** Points the topic's branch at `leafId`. */
export const setLeaf = (db: HistoryDb, topic: { id: number; userId: number }, leafId: number) =>
  leafStatement(db, topic, leafId).run();

/** Versions of each message: the ids that follow the same parent, oldest first, keyed by message id. */
export function versionsOf(
  branch: { id: number; parentId: number | null }[],
  siblings: { id: number; parentId: number | null }[],
): Map<number, number[]> {
  const byParent = new Map<number | null, number[]>();
  for (const s of siblings) {
    const list = byParent.get(s.parentId) ?? [];
    list.push(s.id);
    byParent.set(s.parentId, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a - b);
  return new Map(branch.map((m) => [m.id, byParent.get(m.parentId) ?? [m.id]]));
}
