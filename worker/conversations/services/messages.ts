import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attachments, messages, topics } from "../../db/schema";
import { linkAttachments } from "./attachments";
import { branchIds } from "./branches";
import { batchableRun } from "../../db/raw";
import { indexMessage, unindexMessage } from "../search/index-writes";
import { stemsOf } from "../search/words";

export type MessageRow = typeof messages.$inferSelect;
export type MessageState = MessageRow["state"];

/** Longest automatic topic name, characters. */
export const TOPIC_NAME_MAX_CHARS = 60;

/**
 * A topic's name from its first question: the first non-empty line, whitespace collapsed, at most
 * 60 characters (cut at a word boundary when one is near, with "…").
 */
export function topicNameFrom(question: string): string {
  const line =
    question
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .find(Boolean) ?? "";
  const chars = Array.from(line);
  if (chars.length <= TOPIC_NAME_MAX_CHARS) return line;
  const head = chars.slice(0, TOPIC_NAME_MAX_CHARS - 1).join("");
  // Cut at a word boundary: right after the head if a space follows it, else at its last space.
  const space = chars[TOPIC_NAME_MAX_CHARS - 1] === " " ? head.length : head.lastIndexOf(" ");
  return `${(space >= head.length / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** The topic's leaf, for a new message to follow (docs/conversations.md "Versions"). */
const leafOf = (topicId: number) => sql`(SELECT ${topics.leafMessageId} FROM ${topics} WHERE ${topics.id} = ${topicId})`;

/**
 * Saves a user's message after `parentId` (the end of the branch on screen unless given): the row,
 * then in one batch its attachments linked to it and the topic's leaf and last activity (and its
 * name from this question unless it has one). Returns the message id.
 */
export async function saveUserMessage(db: Db, input: { topicId: number; text: string; attachmentIds: number[]; parentId?: number | null }): Promise<number> {
  const now = Date.now();
  const parentId = input.parentId === undefined ? leafOf(input.topicId) : input.parentId;
  const [row] = await db
    .insert(messages)
    .values({ topicId: input.topicId, role: "user", text: input.text, parentId, createdAt: now })
    .returning({ id: messages.id });
  const link = linkAttachments(db, input.attachmentIds, row!.id);
  const autoName = topicNameFrom(input.text) || null;
  // The search index learns the name the topic is about to get (only if it has none yet).
  const indexAutoName = batchableRun(
    db,
    sql`INSERT INTO search_index (rowid, owner, body, topic_id) SELECT ${-input.topicId}, 'u' || user_id, ${stemsOf(autoName ?? "")}, id FROM topics
      WHERE id = ${input.topicId} AND (topic_name IS NULL OR trim(topic_name) = '') AND ${autoName ? 1 : 0}`,
  );
  const touch = db
    .update(topics)
    .set({
      topicName: sql`CASE WHEN ${topics.topicName} IS NULL OR trim(${topics.topicName}) = '' THEN ${autoName} ELSE ${topics.topicName} END`,
      leafMessageId: row!.id,
      updatedAt: now,
    })
    .where(eq(topics.id, input.topicId));
  const index = indexMessage(db, input.topicId, row!.id, input.text);
  await db.batch(link ? [link, indexAutoName, touch, index] : [indexAutoName, touch, index]);
  return row!.id;
}

/**
 * A new version of a question (docs/conversations.md "Versions"): the edited text after the same
 * parent, with the original's files (the same stored objects, linked again), as the topic's leaf.
 */
export async function saveEditedQuestion(db: Db, original: Pick<MessageRow, "id" | "topicId" | "parentId">, text: string): Promise<number> {
  const id = await saveUserMessage(db, { topicId: original.topicId, text, attachmentIds: [], parentId: original.parentId });
  await db.run(sql`INSERT INTO attachments (user_id, message_id, kind, filename, content_type, size, r2_key, extracted_text, created_at)
    SELECT user_id, ${id}, kind, filename, content_type, size, r2_key, extracted_text, created_at FROM attachments WHERE message_id = ${original.id} ORDER BY id`);
  return id;
}

/** Saves the assistant's reply to `parentId` (`partial` when cut short) as the topic's leaf and last activity. */
export async function saveAssistantMessage(
  db: Db,
  input: { topicId: number; parentId: number; text: string; state: MessageState; model: string },
): Promise<number> {
  const now = Date.now();
  // The reply just written is the topic's newest message.
  const newest = sql`(SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.topicId} = ${input.topicId})`;
  const [[row]] = await db.batch([
    db
      .insert(messages)
      .values({ topicId: input.topicId, role: "assistant", parentId: input.parentId, text: input.text, state: input.state, model: input.model, createdAt: now })
      .returning({ id: messages.id }),
    db.update(topics).set({ updatedAt: now, leafMessageId: newest }).where(eq(topics.id, input.topicId)),
    indexMessage(db, input.topicId, newest, input.text),
  ]);
  return row!.id;
}

/** A continued reply (docs/conversations.md "Continue"): its whole text now, and the topic's leaf again. */
export async function saveContinuedReply(db: Db, input: { topicId: number; messageId: number; text: string; state: MessageState; model: string }) {
  const now = Date.now();
  await db.batch([
    db.update(messages).set({ text: input.text, state: input.state, model: input.model }).where(eq(messages.id, input.messageId)),
    db.update(topics).set({ updatedAt: now, leafMessageId: input.messageId }).where(eq(topics.id, input.topicId)),
    unindexMessage(db, input.messageId),
    indexMessage(db, input.topicId, input.messageId, input.text),
  ]);
}

export type TurnAttachment = Pick<typeof attachments.$inferSelect, "id" | "messageId" | "kind" | "filename" | "contentType" | "r2Key" | "extractedText">;
export type Turn = Pick<MessageRow, "id" | "role" | "text"> & { attachments: TurnAttachment[] };

/**
 * The branch that ends with `upToMessageId` (the question being answered), its newest `limit`
 * messages oldest first, each with its attachments: the raw material of the model's context.
 */
export async function loadTurns(db: Db, topicId: number, upToMessageId: number, limit = 200): Promise<Turn[]> {
  const branch = branchIds(sql`${upToMessageId}`, limit);
  const [rows, files] = await db.batch([
    db
      .select({ id: messages.id, role: messages.role, text: messages.text })
      .from(messages)
      .where(and(eq(messages.topicId, topicId), inArray(messages.id, branch)))
      .orderBy(asc(messages.id)),
    db
      .select({
        id: attachments.id,
        messageId: attachments.messageId,
        kind: attachments.kind,
        filename: attachments.filename,
        contentType: attachments.contentType,
        r2Key: attachments.r2Key,
        extractedText: attachments.extractedText,
      })
      .from(attachments)
      .innerJoin(messages, eq(attachments.messageId, messages.id))
      .where(and(eq(messages.topicId, topicId), inArray(messages.id, branch)))
      .orderBy(attachments.id),
  ]);
  return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.messageId === r.id) }));
}
