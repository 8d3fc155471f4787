import { and, desc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { attachments, messages, topicLeaves, topicVaults } from "../../db/history-schema";
import { folders, topics } from "../../db/schema";
import { indexTitle, unindexTopic } from "../search/index-writes";
import { indexBody, type Lexicon } from "../search/lexicon";
import { ApiError } from "../../http/errors";
import { topicTypeOf, type TopicType } from "../../settings";
import type { Topic, TopicGroup } from "../schemas";

export type TopicRow = typeof topics.$inferSelect;
export type TopicStatus = TopicRow["status"];

export const TOPIC_NOT_FOUND = "Чат не найден";
export const FOLDER_NOT_FOUND = "Папка не найдена";
export const FOLDER_OTHER_MODE = "Эта папка для другого режима: переместите чат в папку его режима";

const iso = (ms: number) => new Date(ms).toISOString();

/** The Topic shape of docs/conversations.md. */
export const publicTopic = (t: TopicRow): Topic => ({
  id: t.id,
  topic_name: t.topicName,
  assistant_type: t.assistantType,
  status: t.status,
  folder_id: t.folderId,
  pinned: t.pinned,
  share_hash: t.shareHash,
  created_at: iso(t.createdAt),
  updated_at: iso(t.updatedAt),
});
export type PublicTopic = Topic;

const own = (userId: number, topicId: number) => and(eq(topics.id, topicId), eq(topics.userId, userId));

/** The caller's topic, or 404 "Чат не найден" (also for another user's topic). */
export async function findOwnTopic(db: Db, userId: number, topicId: number): Promise<TopicRow> {
  const topic = await db.query.topics.findFirst({ where: own(userId, topicId) });
  if (!topic) throw ApiError.notFound(TOPIC_NOT_FOUND);
  return topic;
}

/** Mode → topic type as SQL, mirroring `topicTypeOf` in settings.ts. */
function typeFilter(type: TopicType): SQL | undefined {
  if (type === "law") return eq(topics.assistantType, "explain_law");
  if (type === "estate") return eq(topics.assistantType, "explain_estate");
  if (type === "gpt") return notInArray(topics.assistantType, ["explain_law", "explain_estate"]);
  return undefined;
}

/** Where a page of the topic list ends: the last row's place in the list's order. */
export type TopicCursor = { pinned: boolean; updatedAt: number; id: number };

export const topicCursorOf = (row: TopicRow): string => `${row.pinned ? 1 : 0}.${row.updatedAt}.${row.id}`;

/** The cursor a client sent back, or undefined when it is not one of ours. */
export function parseTopicCursor(text: string): TopicCursor | undefined {
  const match = /^([01])\.(\d{1,15})\.(\d{1,15})$/.exec(text);
  if (!match) return undefined;
  return { pinned: match[1] === "1", updatedAt: Number(match[2]), id: Number(match[3]) };
}

/**
 * The caller's topics of one status and type in the list's order (pinned first, then newest
 * activity, then newest id): one range of the (user_id, status, pinned, updated_at, id) index,
 * from after `page.after` for `page.limit` rows, with the cursor of the next page when there is one.
 * `folderId`: undefined = all, 0 = outside any folder, n = that folder (404 unless it is the caller's).
 */
export async function listTopics(
  db: Db,
  userId: number,
  filter: { status: TopicStatus; type: TopicType; folderId?: number },
  page: { limit?: number; after?: TopicCursor } = {},
): Promise<{ rows: TopicRow[]; next: string | null }> {
  const { folderId } = filter;
  const { limit, after } = page;
  const where = and(
    eq(topics.userId, userId),
    eq(topics.status, filter.status),
    typeFilter(filter.type),
    folderId === undefined ? undefined : folderId === 0 ? isNull(topics.folderId) : eq(topics.folderId, folderId),
    // Row values compare in the list's (descending) order: what comes after is smaller.
    after &&
      sql`(${topics.pinned}, ${topics.updatedAt}, ${topics.id}) < (${after.pinned ? 1 : 0}, ${after.updatedAt}, ${after.id})`,
  );
  const ordered = db
    .select()
    .from(topics)
    .where(where)
    .orderBy(desc(topics.pinned), desc(topics.updatedAt), desc(topics.id));
  const list = limit === undefined ? ordered : ordered.limit(limit + 1);
  let rows: TopicRow[];
  if (!folderId) rows = await list;
  else {
    const folder = db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
    const [found, listed] = await db.batch([folder, list]);
    if (found.length === 0) throw ApiError.notFound(FOLDER_NOT_FOUND);
    rows = listed;
  }
  if (limit === undefined || rows.length <= limit) return { rows, next: null };
  const shown = rows.slice(0, limit);
  return { rows: shown, next: topicCursorOf(shown[limit - 1]!) };
}

/** Validates an IANA zone name the way the grouping will use it. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * `[{date: null, topics: pinned}]` first when any are pinned, then one group per calendar day of
 * last activity in `timeZone` (`YYYY-MM-DD`). `rows` must already be in the list's order; it is kept.
 */
export function groupByDay(rows: TopicRow[], timeZone: string): TopicGroup[] {
  const dayOf = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const groups: TopicGroup[] = [];
  const pinned = rows.filter((t) => t.pinned);
  if (pinned.length > 0) groups.push({ date: null, topics: pinned.map(publicTopic) });
  let current: TopicGroup | undefined;
  for (const row of rows) {
    if (row.pinned) continue;
    const parts = dayOf.formatToParts(row.updatedAt);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const date = `${part("year")}-${part("month")}-${part("day")}`;
    if (current?.date !== date) {
      current = { date, topics: [] };
      groups.push(current);
    }
    current.topics.push(publicTopic(row));
  }
  return groups;
}

/** One conditional UPDATE on the caller's topic; 404 when it is not theirs. `updated_at` is untouched. */
async function updateOwnTopic(
  db: Db,
  userId: number,
  topicId: number,
  set: Partial<TopicRow>,
  extra?: SQL,
): Promise<TopicRow> {
  const [row] = await db
    .update(topics)
    .set(set)
    .where(and(own(userId, topicId), extra))
    .returning();
  if (!row) throw ApiError.notFound(TOPIC_NOT_FOUND);
  return row;
}

/** Renames the caller's topic; search finds it by the new name (docs/conversations.md "Search"). */
export async function renameTopic(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  userId: number,
  topicId: number,
  topicName: string,
): Promise<TopicRow> {
  const [row, body] = await Promise.all([
    updateOwnTopic(db, userId, topicId, { topicName }),
    indexBody(lexicon, topicName),
  ]);
  await h.batch(indexTitle(h, row, body));
  return row;
}

export const setTopicStatus = (db: Db, userId: number, topicId: number, status: TopicStatus) =>
  updateOwnTopic(db, userId, topicId, { status });

/** `folderId` 0 means "not given"; otherwise the topic must be in that folder. */
export const setTopicPinned = (db: Db, userId: number, topicId: number, folderId: number, pinned: boolean) =>
  updateOwnTopic(db, userId, topicId, { pinned }, folderId === 0 ? undefined : eq(topics.folderId, folderId));

/**
 * Files the caller's topic in the caller's folder. The folder must be of a mode whose topics are
 * listed with this topic (same topic type: explain_img topics may go into gpt folders).
 */
export async function moveTopicToFolder(db: Db, userId: number, topicId: number, folderId: number) {
  const [[topic], [folder]] = await db.batch([
    db.select().from(topics).where(own(userId, topicId)),
    db
      .select()
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.userId, userId))),
  ]);
  if (!topic) throw ApiError.notFound(TOPIC_NOT_FOUND);
  if (!folder) throw ApiError.notFound(FOLDER_NOT_FOUND);
  if (topicTypeOf(topic.assistantType) !== topicTypeOf(folder.assistantType))
    throw new ApiError(422, FOLDER_OTHER_MODE);
  // The folder may be deleted meanwhile: the EXISTS keeps the write from pointing at nothing.
  const stillThere = sql`exists (select 1 from ${folders} where ${folders.id} = ${folderId} and ${folders.userId} = ${userId})`;
  const [row] = await db
    .update(topics)
    .set({ folderId })
    .where(and(own(userId, topicId), stillThere))
    .returning();
  if (!row) throw ApiError.notFound(FOLDER_NOT_FOUND);
  return row;
}

/** Takes the caller's topic out of the caller's folder; a topic not in that folder is returned as is. */
export async function removeTopicFromFolder(db: Db, userId: number, topicId: number, folderId: number) {
  const [[folder], , [topic]] = await db.batch([
    db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.id, folderId), eq(folders.userId, userId))),
    db
      .update(topics)
      .set({ folderId: null })
      .where(and(own(userId, topicId), eq(topics.folderId, folderId)))
      .returning(),
    db.select().from(topics).where(own(userId, topicId)),
  ]);
  if (!topic) throw ApiError.notFound(TOPIC_NOT_FOUND);
  if (!folder) throw ApiError.notFound(FOLDER_NOT_FOUND);
  return topic;
}

/**
 * The statements that delete a topic's history from its owner's shard (messages, their attachment
 * rows, the search index, the leaf, the privacy vault), for one batch; the first answers the attachments' R2 keys.
 */
export function deleteTopicHistory(h: HistoryDb, topic: { id: number; userId: number }) {
  const inTopic = sql`(SELECT ${messages.id} FROM ${messages} WHERE ${messages.topicId} = ${topic.id})`;
  return [
    h
      .select({ key: attachments.r2Key })
      .from(attachments)
      .innerJoin(messages, eq(attachments.messageId, messages.id))
      .where(and(eq(messages.topicId, topic.id), eq(messages.userId, topic.userId))),
    unindexTopic(h, topic.id),
    h.delete(attachments).where(inArray(attachments.messageId, inTopic)),
    h.delete(messages).where(and(eq(messages.topicId, topic.id), eq(messages.userId, topic.userId))),
    h.delete(topicLeaves).where(eq(topicLeaves.topicId, topic.id)),
    h.delete(topicVaults).where(eq(topicVaults.topicId, topic.id)),
  ] as const;
}

/**
 * Deletes the caller's topic: first its history from the owner's shard in one batch, then the
 * topic from the main D1 (its ratings go by cascade). In that order, a failure midway leaves a
 * topic the user still sees and can delete again, never history without a topic. Returns the R2
 * keys of the attachments (the caller deletes the bytes) and the share hash the topic had (the
 * caller purges the cached shared copy).
 */
export async function deleteTopic(db: Db, h: HistoryDb, userId: number, topicId: number) {
  const topic = await findOwnTopic(db, userId, topicId);
  const [keys] = await h.batch(deleteTopicHistory(h, topic));
  await db.delete(topics).where(own(userId, topicId));
  return { r2Keys: keys.map((k) => k.key), shareHash: topic.shareHash };
}
