import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attachments, messageFeedback, messages, topics } from "../../db/schema";
import type { Attachment, Message, SharedMessage } from "../schemas";
import { ApiError } from "../../http/errors";
import { branchIds, chosenBranchIds, versionsOf } from "./branches";
import { SHARE_NOT_FOUND } from "./share";
import { TOPIC_NOT_FOUND, type TopicRow } from "./topics";

type MessageRow = Pick<typeof messages.$inferSelect, "id" | "parentId" | "role" | "text" | "state" | "model" | "createdAt"> & {
  /** The owner's 👍/👎 on a reply, if any. */
  feedback: (typeof messageFeedback.$inferSelect)["rating"] | null;
};
type AttachmentRow = Pick<typeof attachments.$inferSelect, "id" | "messageId" | "kind" | "filename" | "contentType" | "size">;

/** How an attachment's `url` is made: signed for the owner, through the link for a share viewer. */
export type AttachmentUrl = (attachmentId: number) => string | Promise<string>;

type VersionRow = Pick<typeof messages.$inferSelect, "id" | "parentId">;
type History = {
  topic?: TopicRow;
  messages: MessageRow[];
  attachments: AttachmentRow[];
  versions: Map<number, number[]>;
  /** The cursor of the older page (a message id), null when this one reaches the first question. */
  next: string | null;
};

/** A page of history: the newest `limit` messages of the branch, from `before` (a cursor) up. */
export type HistoryPage = { limit: number; before?: number };

export const parseMessageCursor = (text: string): number | undefined => (/^[0-9]{1,15}$/.test(text) ? Number(text) : undefined);

/**
 * The topic matched by `which` and its chosen branch (docs/conversations.md "Versions") oldest
 * first with the attachments, and for the owner (`withVersions`) each message's versions, in one
 * D1 round trip (one batch of indexed reads); `topic` is undefined when nothing matched. With a
 * `page`, only the newest `page.limit` messages from the leaf (or from the cursor `page.before`, a
 * message of this topic) upward, and `next` says where the older page starts: messages along a
 * branch have growing ids, so the walk reads limit + 1 and the oldest of them is that cursor.
 */
export async function loadHistory(db: Db, which: SQL, withVersions = false, page?: HistoryPage): Promise<History> {
  // A scalar subquery (one topic): messages then come in index order, without a sort.
  const topicId = sql`(${db.select({ id: topics.id }).from(topics).where(which)})`;
  const start =
    page?.before === undefined
      ? sql`(SELECT leaf_message_id FROM topics WHERE id = ${topicId})`
      : sql`(SELECT id FROM messages WHERE id = ${page.before} AND topic_id = ${topicId})`;
  const branch = page ? branchIds(start, page.limit + 1) : chosenBranchIds(topicId);
  const inBranch = inArray(messages.id, branch);
  // Versions of a branch message follow the same parent: the first question's have none.
  const versionRows = db
    .select({ id: messages.id, parentId: messages.parentId })
    .from(messages)
    .where(withVersions ? and(eq(messages.topicId, topicId), or(isNull(messages.parentId), inArray(messages.parentId, branch))) : sql`0`);
  const [[topic], messageRows, attachmentRows, siblings] = await db.batch([
    db.select().from(topics).where(which),
    db
      .select({
        id: messages.id,
        parentId: messages.parentId,
        role: messages.role,
        text: messages.text,
        state: messages.state,
        model: messages.model,
        createdAt: messages.createdAt,
        feedback: messageFeedback.rating,
      })
      .from(messages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
      .where(and(eq(messages.topicId, topicId), inBranch))
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
      .where(and(eq(messages.topicId, topicId), inBranch))
      .orderBy(asc(attachments.id)),
    versionRows,
  ]);
  const more = page !== undefined && messageRows.length > page.limit;
  const shown = more ? messageRows.slice(1) : messageRows;
  const shownAttachments = more ? attachmentRows.filter((a) => a.messageId !== messageRows[0]!.id) : attachmentRows;
  return {
    topic,
    messages: shown,
    attachments: shownAttachments,
    versions: versionsOf(shown, siblings as VersionRow[]),
    next: more ? String(messageRows[0]!.id) : null,
  };
}

/** The caller's topic with its history (or a page of it); 404 "Чат не найден" when it is not theirs. */
export async function loadOwnHistory(db: Db, userId: number, topicId: number, page?: HistoryPage) {
  const history = await loadHistory(db, and(eq(topics.id, topicId), eq(topics.userId, userId))!, true, page);
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
export async function publicMessages(history: Omit<History, "topic" | "next">, urlOf: AttachmentUrl): Promise<Message[]> {
  const shaped = await Promise.all(history.attachments.map((a) => publicAttachment(a, urlOf)));
  const byMessage = new Map<number, typeof shaped>();
  history.attachments.forEach((a, i) => {
    const list = byMessage.get(a.messageId!) ?? [];
    list.push(shaped[i]!);
    byMessage.set(a.messageId!, list);
  });
  return history.messages.map((m) => {
    const versionIds = history.versions.get(m.id) ?? [m.id];
    return {
      id: m.id,
      role: m.role,
      text: m.text,
      state: m.state,
      model: m.model,
      created_at: new Date(m.createdAt).toISOString(),
      attachments: byMessage.get(m.id) ?? [],
      feedback: m.feedback,
      version: versionIds.indexOf(m.id) + 1,
      version_ids: versionIds,
    };
  });
}

/** The same for a share link's readers: the owner's ratings are not theirs to see. */
export async function sharedMessages(history: Omit<History, "topic" | "next">, urlOf: AttachmentUrl): Promise<SharedMessage[]> {
  return (await publicMessages(history, urlOf)).map(({ feedback: _feedback, version: _version, version_ids: _versionIds, ...message }) => message);
}
