import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attachments, messages, topics } from "../../db/schema";
import { linkAttachments } from "./attachments";

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

/**
 * Saves a user's message: the row, then in one batch its attachments linked to it and the topic's
 * last activity (and its name from this question unless it has one). Returns the message id.
 */
export async function saveUserMessage(db: Db, input: { topicId: number; text: string; attachmentIds: number[] }): Promise<number> {
  const now = Date.now();
  const [row] = await db.insert(messages).values({ topicId: input.topicId, role: "user", text: input.text, createdAt: now }).returning({ id: messages.id });
  const link = linkAttachments(db, input.attachmentIds, row!.id);
  const touch = db
    .update(topics)
    .set({
      topicName: sql`CASE WHEN ${topics.topicName} IS NULL OR trim(${topics.topicName}) = '' THEN ${topicNameFrom(input.text) || null} ELSE ${topics.topicName} END`,
      updatedAt: now,
    })
    .where(eq(topics.id, input.topicId));
  if (link) await db.batch([link, touch]);
  else await touch;
  return row!.id;
}

/** Saves the assistant's reply (`partial` when cut short) and marks the topic's last activity. */
export async function saveAssistantMessage(db: Db, input: { topicId: number; text: string; state: MessageState; model: string }): Promise<number> {
  const now = Date.now();
  const [[row]] = await db.batch([
    db
      .insert(messages)
      .values({ topicId: input.topicId, role: "assistant", text: input.text, state: input.state, model: input.model, createdAt: now })
      .returning({ id: messages.id }),
    db.update(topics).set({ updatedAt: now }).where(eq(topics.id, input.topicId)),
  ]);
  return row!.id;
}

export type TurnAttachment = Pick<typeof attachments.$inferSelect, "id" | "messageId" | "kind" | "filename" | "contentType" | "r2Key" | "extractedText">;
export type Turn = Pick<MessageRow, "id" | "role" | "text"> & { attachments: TurnAttachment[] };

/**
 * The topic's messages up to `upToMessageId` (the question being answered), newest `limit` of them,
 * oldest first, each with its attachments: the raw material of the model's context.
 */
export async function loadTurns(db: Db, topicId: number, upToMessageId: number, limit = 200): Promise<Turn[]> {
  const rows = await db
    .select({ id: messages.id, role: messages.role, text: messages.text })
    .from(messages)
    .where(and(eq(messages.topicId, topicId), lte(messages.id, upToMessageId)))
    .orderBy(desc(messages.id))
    .limit(limit);
  rows.reverse();
  const files = rows.length
    ? await db
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
        .where(and(eq(messages.topicId, topicId), gte(messages.id, rows[0]!.id), lte(messages.id, upToMessageId)))
        .orderBy(attachments.id)
    : [];
  return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.messageId === r.id) }));
}
