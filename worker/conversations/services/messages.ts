import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { attachments, messages, type StoredCitation } from "../../db/history-schema";
import { batchableRun } from "../../db/raw";
import { topics } from "../../db/schema";
import { countMessage } from "../../operations/services/activity";
import { indexMessage, indexTitle, unindexMessage } from "../search/index-writes";
import { indexBodies, indexBody, type Lexicon } from "../search/lexicon";
import { linkAttachments } from "./attachments";
import { branchIds, leafOf, leafStatement } from "./branches";
import type { GuardedDocument } from "./guard";
import { vaultStatement } from "./vaults";
import type { MaskedCount } from "../../privacy";

/** A reply's citations of the law and the date they were resolved at (null, null when it cites none). */
export type ReplyCitations = { citations: StoredCitation[] | null; citationsDate: string | null };

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
 * What the privacy guard adds to a question's write (docs/privacy.md): the question as typed (for
 * the topic's name), what was hidden, the topic's vault sealed with this question's values, and the
 * documents' texts with placeholders.
 */
export type PrivacyWrite = {
  original: string;
  masked: MaskedCount[];
  sealed: string | null;
  documents: GuardedDocument[];
};

/** The topic a message is written to: its id, owner, and name so far (a first question names it). */
export type TopicRef = { id: number; userId: number; topicName?: string | null };

/**
 * The newest message of the topic: in a write batch, the one just inserted (a topic is written by one send at a time).
 */
const newestOf = (topicId: number) =>
  sql`(SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.topicId} = ${topicId})`;

const hasName = (topic: TopicRef) => Boolean(topic.topicName?.trim());

/**
 * The topic's row in the main D1 after a message: its last activity, its name from this question
 * unless it has one, and the message counted for statistics. Beside the shard's batch, not in it.
 */
function touchTopic(db: Db, topic: TopicRef, role: "user" | "assistant", now: number, autoName: string | null) {
  return db.batch([
    db
      .update(topics)
      .set({
        updatedAt: now,
        ...(autoName
          ? {
              topicName: sql`CASE WHEN ${topics.topicName} IS NULL OR trim(${topics.topicName}) = '' THEN ${autoName} ELSE ${topics.topicName} END`,
            }
          : {}),
      })
      .where(eq(topics.id, topic.id)),
    countMessage(db, topic.userId, role, now),
  ]);
}

/**
 * Saves a user's message after `parentId` (the end of the branch on screen unless given): in one
 * batch of the history shard the row, its attachments linked to it (`copyFilesOf`: the files of
 * another message, linked again), the topic's leaf and the search index (with the name the topic is
 * about to get, if it has none); beside it, the topic's row in the main D1. Returns the message id.
 * The index's words come from the dictionary (`lexicon`) while the topic's row is written.
 */
export async function saveUserMessage(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  input: {
    topic: TopicRef;
    text: string;
    attachmentIds: number[];
    parentId?: number | null;
    copyFilesOf?: number;
    privacy?: PrivacyWrite;
  },
): Promise<number> {
  const { topic, privacy } = input;
  const now = Date.now();
  const newest = newestOf(topic.id);
  // The name is the user's own words (shown to them only), not the placeholders the model got.
  const autoName = hasName(topic) ? null : topicNameFrom(privacy?.original ?? input.text) || null;
  const indexed = indexBodies(lexicon, autoName ? [input.text, autoName] : [input.text]);
  const insert = h
    .insert(messages)
    .values({
      topicId: topic.id,
      userId: topic.userId,
      role: "user",
      text: input.text,
      parentId: input.parentId === undefined ? leafOf(topic.id) : input.parentId,
      createdAt: now,
      masked: privacy?.masked.length ? privacy.masked : null,
    })
    .returning({ id: messages.id });
  // The guard's vault and the documents' texts as the model will read them, in the same batch.
  const guarded = privacy?.sealed
    ? [
        vaultStatement(h, topic, privacy.sealed),
        ...privacy.documents.map((d) =>
          h
            .update(attachments)
            .set({ extractedText: d.text })
            .where(and(eq(attachments.id, d.id), eq(attachments.userId, topic.userId))),
        ),
      ]
    : [];
  const link = linkAttachments(h, topic.userId, input.attachmentIds, newest);
  const copy =
    input.copyFilesOf === undefined
      ? null
      : batchableRun(
          h,
          sql`INSERT INTO attachments (user_id, message_id, kind, filename, content_type, size, r2_key, extracted_text, created_at)
            SELECT user_id, ${newest}, kind, filename, content_type, size, r2_key, extracted_text, created_at FROM attachments WHERE message_id = ${input.copyFilesOf} ORDER BY id`,
        );
  const [[[row]]] = await Promise.all([
    indexed.then(([body, name]) =>
      h.batch([
        insert,
        ...(link ? [link] : []),
        ...(copy ? [copy] : []),
        ...guarded,
        leafStatement(h, topic, newest),
        indexMessage(h, topic, newest, body!),
        ...(name ? indexTitle(h, topic, name) : []),
      ]),
    ),
    touchTopic(db, topic, "user", now, autoName),
  ]);
  return row!.id;
}

/**
 * A new version of a question (docs/conversations.md "Versions"): the edited text after the same
 * parent, with the original's files (the same stored objects, linked again), as the topic's leaf.
 */
export const saveEditedQuestion = (
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  topic: TopicRef,
  original: Pick<MessageRow, "id" | "parentId">,
  text: string,
  privacy?: PrivacyWrite,
) =>
  saveUserMessage(db, h, lexicon, {
    topic,
    text,
    attachmentIds: [],
    parentId: original.parentId,
    copyFilesOf: original.id,
    privacy,
  });

/** Saves the assistant's reply to `parentId` (`partial` when cut short) as the topic's leaf and last activity. */
export async function saveAssistantMessage(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  input: { topic: TopicRef; parentId: number; text: string; state: MessageState; model: string } & ReplyCitations,
): Promise<number> {
  const { topic } = input;
  const now = Date.now();
  const newest = newestOf(topic.id);
  const body = await indexBody(lexicon, input.text);
  const [[[row]]] = await Promise.all([
    h.batch([
      h
        .insert(messages)
        .values({
          topicId: topic.id,
          userId: topic.userId,
          role: "assistant",
          parentId: input.parentId,
          text: input.text,
          state: input.state,
          model: input.model,
          createdAt: now,
          citations: input.citations,
          citationsDate: input.citationsDate,
        })
        .returning({ id: messages.id }),
      leafStatement(h, topic, newest),
      indexMessage(h, topic, newest, body),
    ]),
    touchTopic(db, topic, "assistant", now, null),
  ]);
  return row!.id;
}

/** A continued reply (docs/conversations.md "Continue"): its whole text now, and the topic's leaf again. */
export async function saveContinuedReply(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  input: { topic: TopicRef; messageId: number; text: string; state: MessageState; model: string } & ReplyCitations,
) {
  const { topic } = input;
  const body = await indexBody(lexicon, input.text);
  await Promise.all([
    h.batch([
      h
        .update(messages)
        .set({
          text: input.text,
          state: input.state,
          model: input.model,
          citations: input.citations,
          citationsDate: input.citationsDate,
        })
        .where(and(eq(messages.id, input.messageId), eq(messages.topicId, topic.id))),
      leafStatement(h, topic, input.messageId),
      unindexMessage(h, input.messageId),
      indexMessage(h, topic, input.messageId, body),
    ]),
    db.update(topics).set({ updatedAt: Date.now() }).where(eq(topics.id, topic.id)),
  ]);
}

export type TurnAttachment = Pick<
  typeof attachments.$inferSelect,
  "id" | "messageId" | "kind" | "filename" | "contentType" | "r2Key" | "extractedText"
>;
export type Turn = Pick<MessageRow, "id" | "role" | "text"> & { attachments: TurnAttachment[] };

const turnFileColumns = {
  id: attachments.id,
  messageId: attachments.messageId,
  kind: attachments.kind,
  filename: attachments.filename,
  contentType: attachments.contentType,
  r2Key: attachments.r2Key,
  extractedText: attachments.extractedText,
};

/**
 * The branch that ends with `upTo` (the question being answered, or an SQL expression giving the
 * message: the topic's leaf), its newest `limit` messages oldest first, each with its attachments:
 * the raw material of the model's context.
 */
export async function loadTurns(db: HistoryDb, topicId: number, upTo: number | SQL, limit = 200): Promise<Turn[]> {
  const branch = branchIds(typeof upTo === "number" ? sql`${upTo}` : upTo, limit);
  const [rows, files] = await db.batch([
    db
      .select({ id: messages.id, role: messages.role, text: messages.text })
      .from(messages)
      .where(and(eq(messages.topicId, topicId), inArray(messages.id, branch)))
      .orderBy(asc(messages.id)),
    db
      .select(turnFileColumns)
      .from(attachments)
      .innerJoin(messages, eq(attachments.messageId, messages.id))
      .where(and(eq(messages.topicId, topicId), inArray(messages.id, branch)))
      .orderBy(attachments.id),
  ]);
  return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.messageId === r.id) }));
}

/** The user's attachments `ids` as a turn carries them, in the order of `ids` (a question not yet written). */
export async function loadTurnFiles(db: HistoryDb, userId: number, ids: number[]): Promise<TurnAttachment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(turnFileColumns)
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.id, ids)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}
