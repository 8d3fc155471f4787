import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attachments, messageFeedback, messages, topics } from "../../db/schema";
import type { Attachment, Message, SharedMessage } from "../schemas";
import { ApiError } from "../../http/errors";
import { SHARE_NOT_FOUND } from "./share";
import { TOPIC_NOT_FOUND, type TopicRow } from "./topics";

type MessageRow = Pick<typeof messages.$inferSelect, "id" | "role" | "text" | "state" | "model" | "createdAt"> & {
  /** The owner's 👍/👎 on a reply, if any. */
  feedback: (typeof messageFeedback.$inferSelect)["rating"] | null;
};
type AttachmentRow = Pick<typeof attachments.$inferSelect, "id" | "messageId" | "kind" | "filename" | "contentType" | "size">;

/** How an attachment's `url` is made: signed for the owner, through the link for a share viewer. */
export type AttachmentUrl = (attachmentId: number) => string | Promise<string>;

/**
 * The topic matched by `which` and its messages oldest first with their attachments, in one D1
 * round trip (topic, messages, attachments: three indexed reads in one batch); `topic` is
 * undefined when nothing matched.
 */
export async function loadHistory(db: Db, which: SQL): Promise<{ topic?: TopicRow; messages: MessageRow[]; attachments: AttachmentRow[] }> {
  // A scalar subquery (one topic): messages then come in index order, without a sort.
  const topicId = sql`(${db.select({ id: topics.id }).from(topics).where(which)})`;
  const [[topic], messageRows, attachmentRows] = await db.batch([
    db.select().from(topics).where(which),
    db
      .select({
        id: messages.id,
        role: messages.role,
        text: messages.text,
        state: messages.state,
        model: messages.model,
        createdAt: messages.createdAt,
        feedback: messageFeedback.rating,
      })
      .from(messages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
      .where(eq(messages.topicId, topicId))
      .orderBy(asc(messages.id)),
    db
      .select({
        id: attachments.id,
        messageId: attachments.messageId,
        kind: attachments.kind,
        filename: attachments.filename,
        contentType: attachments.contentType,
        size: attachments.size,
      })
      .from(attachments)
      .innerJoin(messages, eq(attachments.messageId, messages.id))
      .where(eq(messages.topicId, topicId))
      .orderBy(asc(attachments.id)),
  ]);
  return { topic, messages: messageRows, attachments: attachmentRows };
}

/** The caller's topic with its history; 404 "Чат не найден" when it is not theirs. */
export async function loadOwnHistory(db: Db, userId: number, topicId: number) {
  const history = await loadHistory(db, and(eq(topics.id, topicId), eq(topics.userId, userId))!);
  if (!history.topic) throw ApiError.notFound(TOPIC_NOT_FOUND);
  return { ...history, topic: history.topic };
}

/** The topic shared under `hash` with its history; 404 for an unknown or revoked hash. */
export async function loadSharedHistory(db: Db, hash: string) {
  const history = await loadHistory(db, eq(topics.shareHash, hash));
  if (!history.topic) throw ApiError.notFound(SHARE_NOT_FOUND);
  return { ...history, topic: history.topic };
}

const publicAttachment = async (a: AttachmentRow, urlOf: AttachmentUrl): Promise<Attachment> => ({
  id: a.id,
  filename: a.filename,
  content_type: a.kind,
  mime_type: a.contentType,
  size: a.size,
  url: await urlOf(a.id),
});

/** The Message[] shape of docs/conversations.md, as the topic's owner sees it. */
export async function publicMessages(history: { messages: MessageRow[]; attachments: AttachmentRow[] }, urlOf: AttachmentUrl): Promise<Message[]> {
  const shaped = await Promise.all(history.attachments.map((a) => publicAttachment(a, urlOf)));
  const byMessage = new Map<number, typeof shaped>();
  history.attachments.forEach((a, i) => {
    const list = byMessage.get(a.messageId!) ?? [];
    list.push(shaped[i]!);
    byMessage.set(a.messageId!, list);
  });
  return history.messages.map((m) => ({
    id: m.id,
    role: m.role,
    text: m.text,
    state: m.state,
    model: m.model,
    created_at: new Date(m.createdAt).toISOString(),
    attachments: byMessage.get(m.id) ?? [],
    feedback: m.feedback,
  }));
}

/** The same for a share link's readers: the owner's ratings are not theirs to see. */
export async function sharedMessages(history: { messages: MessageRow[]; attachments: AttachmentRow[] }, urlOf: AttachmentUrl): Promise<SharedMessage[]> {
  return (await publicMessages(history, urlOf)).map(({ feedback: _feedback, ...message }) => message);
}
