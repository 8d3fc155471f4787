import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import { messageFeedback } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Feedback } from "../schemas";
import { findOwnTopic } from "./topics";

export const MESSAGE_NOT_FOUND = "Сообщение не найдено";
export const ONLY_REPLIES_RATED = "Оценить можно только ответ ассистента";

export type Rating = (typeof messageFeedback.$inferSelect)["rating"];

/** The caller's assistant reply in the caller's topic: 404 for anything else, 422 for a question. */
async function ownReply(db: Db, h: HistoryDb, userId: number, topicId: number, messageId: number) {
  const topic = await findOwnTopic(db, userId, topicId);
  const message = await h.query.messages.findFirst({
    where: and(eq(messages.id, messageId), eq(messages.topicId, topicId), eq(messages.userId, userId)),
  });
  if (!message) throw ApiError.notFound(MESSAGE_NOT_FOUND);
  if (message.role !== "assistant") throw new ApiError(422, ONLY_REPLIES_RATED);
  return { topic, message };
}

const publicFeedback = (row: typeof messageFeedback.$inferSelect): Feedback => ({
  message_id: row.messageId,
  rating: row.rating,
  comment: row.comment,
  updated_at: new Date(row.updatedAt).toISOString(),
});

/** Rates a reply; a second rating replaces the first (the user changed their mind), in one statement. */
export async function rateReply(
  db: Db,
  h: HistoryDb,
  userId: number,
  topicId: number,
  messageId: number,
  input: { rating: Rating; comment: string | null },
): Promise<Feedback> {
  const { topic, message } = await ownReply(db, h, userId, topicId, messageId);
  const [row] = await db
    .insert(messageFeedback)
    .values({
      topicId,
      messageId,
      assistantType: topic.assistantType,
      model: message.model,
      rating: input.rating,
      comment: input.comment,
    })
    .onConflictDoUpdate({
      target: [messageFeedback.topicId, messageFeedback.messageId],
      set: { rating: input.rating, comment: input.comment, updatedAt: sql`(unixepoch('subsec') * 1000)` },
    })
    .returning();
  return publicFeedback(row!);
}

/** Takes a rating back; nothing to take back is fine too (the end state is the same). */
export async function withdrawRating(
  db: Db,
  h: HistoryDb,
  userId: number,
  topicId: number,
  messageId: number,
): Promise<void> {
  await ownReply(db, h, userId, topicId, messageId);
  await db
    .delete(messageFeedback)
    .where(and(eq(messageFeedback.topicId, topicId), eq(messageFeedback.messageId, messageId)));
}
