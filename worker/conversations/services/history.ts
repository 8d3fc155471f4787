import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shardDb, userHistory, type HistoryDb, type HistoryUser } from "../../db/history";
import { attachments, messages, topicVaults } from "../../db/history-schema";
import { messageFeedback, topics, users } from "../../db/schema";
import type { Env } from "../../env";
import type { Attachment, Message, SharedMessage } from "../schemas";
import { ApiError } from "../../http/errors";
import { branchIds, chosenBranchIds, leafOf, versionsOf } from "./branches";
import { shareGoneError } from "./share-gone";
import { TOPIC_NOT_FOUND, type TopicRow } from "./topics";
import { relocated } from "./relocated-citations";
import { openedVault } from "./vaults";
import { emptyVault, maskFileName, maskTopicName, restoreTyped, unmaskText, type Vault } from "../../privacy";

type MessageRow = Pick<
  typeof messages.$inferSelect,
  "id" | "parentId" | "role" | "text" | "state" | "model" | "createdAt" | "masked" | "citations" | "citationsDate"
> & {
  /** The owner's 👍/👎 on a reply, if any. */
  feedback: (typeof messageFeedback.$inferSelect)["rating"] | null;
};
type AttachmentRow = Pick<
  typeof attachments.$inferSelect,
  "id" | "messageId" | "kind" | "filename" | "contentType" | "size"
>;

/** How an attachment's `url` is made: signed for the owner, through the link for a share viewer. */
export type AttachmentUrl = (attachmentId: number) => string | Promise<string>;

type VersionRow = Pick<typeof messages.$inferSelect, "id" | "parentId">;
type Branch = {
  messages: Omit<MessageRow, "feedback">[];
  attachments: AttachmentRow[];
  versions: Map<number, number[]>;
  /** The cursor of the older page (a message id), null when this one reaches the first question. */
  next: string | null;
  /** The topic's privacy vault as stored (sealed), if anything was hidden from the model. */
  sealedVault: string | null;
};
type History = Omit<Branch, "messages"> & { topic: TopicRow; messages: MessageRow[] };

/** A page of history: the newest `limit` messages of the branch, from `before` (a cursor) up. */
export type HistoryPage = { limit: number; before?: number };

export const parseMessageCursor = (text: string): number | undefined =>
  /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined;

/**
 * The user's topic's chosen branch (docs/conversations.md "Versions") oldest first with the
 * attachments, and with `withVersions` each message's versions, in one round trip to the history
 * shard (one batch of indexed reads). With a `page`, only the newest `page.limit` messages from the
 * leaf (or from the cursor `page.before`, a message of this topic) upward, and `next` says where the
 * older page starts: messages along a branch have growing ids, so the walk reads limit + 1 and the
 * oldest of them is that cursor. Rows are the owner's only (`user_id`), whoever asks.
 */
async function loadBranch(
  h: HistoryDb,
  topic: { id: number; userId: number },
  withVersions: boolean,
  page?: HistoryPage,
): Promise<Branch> {
  const ownRows = and(eq(messages.topicId, topic.id), eq(messages.userId, topic.userId));
  const start =
    page?.before === undefined
      ? leafOf(topic.id)
      : sql`(SELECT id FROM messages WHERE id = ${page.before} AND topic_id = ${topic.id})`;
  const branch = page ? branchIds(start, page.limit + 1) : chosenBranchIds(topic.id);
  const inBranch = inArray(messages.id, branch);
  // Versions of a branch message follow the same parent: the first question's have none, and are
  // found through messages_topic_root. `+user_id` keeps the owner's rows without letting SQLite
  // read them through messages_user, which is the user's whole history.
  const versionRows = h
    .select({ id: messages.id, parentId: messages.parentId })
    .from(messages)
    .where(
      withVersions
        ? and(
            sql`+${messages.userId} = ${topic.userId}`,
            or(and(eq(messages.topicId, topic.id), isNull(messages.parentId)), inArray(messages.parentId, branch)),
          )
        : sql`0`,
    );
  const [messageRows, attachmentRows, siblings, [vault]] = await h.batch([
    h
      .select({
        id: messages.id,
        parentId: messages.parentId,
        role: messages.role,
        text: messages.text,
        state: messages.state,
        model: messages.model,
        createdAt: messages.createdAt,
        masked: messages.masked,
        citations: messages.citations,
        citationsDate: messages.citationsDate,
      })
      .from(messages)
      .where(and(ownRows, inBranch))
      .orderBy(asc(messages.id)),
    h
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
      .where(and(ownRows, inBranch))
      .orderBy(asc(attachments.id)),
    versionRows,
    h
      .select({ sealed: topicVaults.sealed })
      .from(topicVaults)
      .where(and(eq(topicVaults.topicId, topic.id), eq(topicVaults.userId, topic.userId))),
  ]);
  const more = page !== undefined && messageRows.length > page.limit;
  const shown = more ? messageRows.slice(1) : messageRows;
  return {
    messages: shown,
    attachments: more ? attachmentRows.filter((a) => a.messageId !== messageRows[0]!.id) : attachmentRows,
    versions: versionsOf(shown, siblings as VersionRow[]),
    next: more ? String(messageRows[0]!.id) : null,
    sealedVault: vault?.sealed ?? null,
  };
}

/**
 * The branch's texts with the values the privacy guard hid put back (docs/privacy.md): a question
 * as its owner typed it, a reply with the values the vault gives its placeholders.
 */
function revealed(branch: Branch, vault: Vault): Branch {
  const shown = (m: Branch["messages"][number]) => (m.role === "user" ? restoreTyped : unmaskText)(m.text, vault);
  return {
    ...branch,
    messages: branch.messages.map((m) => {
      const text = shown(m);
      return { ...m, text, citations: m.citations && text !== m.text ? relocated(m.citations, text) : m.citations };
    }),
  };
}

/** The branch as a share's readers see it without the values: files' names masked like the texts. */
function withoutValues(branch: Branch, vault: Vault): Branch {
  const attachments = branch.attachments.map((a) => ({ ...a, filename: maskFileName(a.filename, vault) }));
  return { ...branch, attachments };
}

/** The topic's vault as the branch read it (empty before anything was hidden). */
const vaultOf = (env: Env, branch: Branch, topicId: number) =>
  branch.sealedVault ? openedVault(env, branch.sealedVault, topicId) : Promise.resolve(emptyVault());

/**
 * The caller's topic with its history (or a page of it), each reply with the caller's rating;
 * 404 "Чат не найден" when it is not theirs. The main D1 (the topic, the ratings) and the history
 * shard are read side by side.
 */
export async function loadOwnHistory(
  env: Env,
  db: Db,
  user: HistoryUser,
  topicId: number,
  page?: HistoryPage,
): Promise<History> {
  const own = and(eq(topics.id, topicId), eq(topics.userId, user.id));
  const [[[topic], ratings], stored] = await Promise.all([
    db.batch([
      db.select().from(topics).where(own),
      db
        .select({ messageId: messageFeedback.messageId, rating: messageFeedback.rating })
        .from(messageFeedback)
        .where(and(eq(messageFeedback.topicId, topicId), sql`EXISTS (SELECT 1 FROM ${topics} WHERE ${own})`)),
    ]),
    loadBranch(userHistory(env, user), { id: topicId, userId: user.id }, true, page),
  ]);
  if (!topic) throw ApiError.notFound(TOPIC_NOT_FOUND);
  const branch = stored.sealedVault ? revealed(stored, await vaultOf(env, stored, topicId)) : stored;
  const ratingOf = new Map(ratings.map((r) => [r.messageId, r.rating]));
  return { ...branch, topic, messages: branch.messages.map((m) => ({ ...m, feedback: ratingOf.get(m.id) ?? null })) };
}

/** A shared topic's history, and its name as the link's readers see it. */
type SharedHistoryRead = History & { shownName: string | null };

/**
 * The topic shared under `hash` with its history (from its owner's shard), as the link's readers
 * see it: the placeholders the privacy guard put in, in the texts, the files' names and the topic's
 * name, unless the owner chose to reveal the values. 404 for an unknown, revoked or expired link.
 */
export async function loadSharedHistory(env: Env, db: Db, hash: string, now = Date.now()): Promise<SharedHistoryRead> {
  const [row] = await db
    .select({ topic: topics, shard: users.historyShard })
    .from(topics)
    .innerJoin(users, eq(users.id, topics.userId))
    .where(and(eq(topics.shareHash, hash), or(isNull(topics.shareExpiresAt), gt(topics.shareExpiresAt, now))));
  if (!row) throw await shareGoneError(db, hash, now);
  const stored = await loadBranch(shardDb(env, row.shard), row.topic, false);
  const vault = await vaultOf(env, stored, row.topic.id);
  const reveal = row.topic.shareReveal;
  const branch = reveal ? revealed(stored, vault) : withoutValues(stored, vault);
  const name = row.topic.topicName;
  // The name is the owner's own words (from the first question as typed).
  const shownName = name && !reveal && stored.sealedVault ? maskTopicName(name, vault) : name;
  return { ...branch, topic: row.topic, shownName, messages: branch.messages.map((m) => ({ ...m, feedback: null })) };
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
export async function publicMessages(
  history: Omit<History, "topic" | "next">,
  urlOf: AttachmentUrl,
): Promise<Message[]> {
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
      masked: (m.masked ?? []) as Message["masked"],
      citations: m.citations ?? [],
      citations_date: m.citationsDate,
      version: versionIds.indexOf(m.id) + 1,
      version_ids: versionIds,
    };
  });
}

/** The same for a share link's readers: the owner's ratings are not theirs to see. */
export async function sharedMessages(
  history: Omit<History, "topic" | "next">,
  urlOf: AttachmentUrl,
): Promise<SharedMessage[]> {
  return (await publicMessages(history, urlOf)).map(
    ({ feedback: _feedback, masked: _masked, version: _version, version_ids: _versionIds, ...message }) => message,
  );
}
