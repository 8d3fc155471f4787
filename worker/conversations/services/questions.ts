import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import { attachments, messages, topicLeaves } from "../../db/history-schema";
import { ApiError } from "../../http/errors";
import { claimAttachments } from "./attachments";
import { setLeaf } from "./branches";
import { MESSAGE_NOT_FOUND } from "./feedback";
import { type PrivacyWrite, saveEditedQuestion, type MessageRow } from "./messages";
import { type GuardedDocument, guardQuestion } from "./guard";
import { openedVault, sealTopicVault } from "./vaults";
import { emptyVault } from "../../privacy";
import type { Env } from "../../env";
import type { TopicRow } from "./topics";

// What a send answers (docs/conversations.md "Streams", "Versions", "Continue"): a new question,
// another reply to a question, an edited question, or more of a cut reply.

export const QUESTION_TEXTS = {
  regenerateReplyOnly: "Повторить можно только ответ ассистента",
  editQuestionOnly: "Изменить можно только свой вопрос",
  nothingToContinue: "Продолжать нечего: ответ не прерывался",
} as const;

export type Question =
  | { kind: "new"; text: string; attachmentIds: number[]; keep?: readonly string[] }
  | { kind: "regenerate"; messageId: number }
  | { kind: "edit"; messageId: number; text: string; keep?: readonly string[] }
  | { kind: "continue" };

/**
 * A new question checked but not written: the topic's object writes it once the request is taken,
 * after the leaf of the branch on screen, or first in a topic just started (`newTopic`: no history
 * to read). `text` is as the model sees it; `privacy`, when the
 * guard hid anything, goes into the same shard batch (docs/privacy.md).
 */
export type Ask = { text: string; attachmentIds: number[]; newTopic: boolean; privacy?: PrivacyWrite };

/** What the reply is to, once the request is taken (the fields of a ReplyJob). */
export type Answering = {
  /** The question in the topic's history; for an `ask`, known once the topic's object has written it. */
  userMessageId?: number;
  ask?: Ask;
  /** The topic's privacy vault, sealed, when this question added to it (docs/privacy.md). */
  vault?: string;
  /** A cut reply the model goes on from. */
  continues?: { messageId: number; text: string };
  /** Where the branch goes back to if the model says nothing. */
  leafIfSilent?: number;
};

/**
 * A question checked before anything is written: whether it has images, and what the reply answers
 * once the request is taken (another reply, an edit, a continuation write their part here; a new
 * question is written by the topic's object).
 */
export type PreparedQuestion = { hasImage: boolean; commit: () => Promise<Answering> };

export async function messageInTopic(db: HistoryDb, topicId: number, messageId: number | null): Promise<MessageRow> {
  const row =
    messageId === null
      ? undefined
      : await db.query.messages.findFirst({ where: and(eq(messages.id, messageId), eq(messages.topicId, topicId)) });
  if (!row) throw ApiError.notFound(MESSAGE_NOT_FOUND);
  return row;
}

async function hasImages(db: HistoryDb, messageId: number): Promise<boolean> {
  const image = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.messageId, messageId), eq(attachments.kind, "image")))
    .get();
  return image !== undefined;
}

/** The end of the topic's branch on screen (null before its first message). */
export async function leafIdOf(db: HistoryDb, topicId: number): Promise<number | null> {
  const row = await db
    .select({ leaf: topicLeaves.leafMessageId })
    .from(topicLeaves)
    .where(eq(topicLeaves.topicId, topicId))
    .get();
  return row?.leaf ?? null;
}

/**
 * The reply a continuation is for: the branch's last message, or, while a continuation runs (the
 * branch then ends at its question), that question's newest reply, so a second one meets the busy
 * topic (409) rather than "nothing to continue".
 */
async function cutReplyOf(db: HistoryDb, topicId: number): Promise<MessageRow | undefined> {
  const leafId = await leafIdOf(db, topicId);
  const leaf =
    leafId === null
      ? undefined
      : await db.query.messages.findFirst({ where: and(eq(messages.id, leafId), eq(messages.topicId, topicId)) });
  if (leaf?.role !== "user") return leaf;
  return db.query.messages.findFirst({ where: eq(messages.parentId, leaf.id), orderBy: desc(messages.id) });
}

/**
 * The privacy guard's part of a send (docs/privacy.md): whether it is on for the mode, and the
 * topic's sealed vault (null before anything was hidden, and in a topic just started).
 */
export type PrivacyContext = { env: Env; topicId: number; on: boolean; sealed: string | null };

/** What a question brings to the guard besides its text: its documents' texts and its files' names. */
type QuestionFiles = { documents: GuardedDocument[]; filenames: string[] };

/** The question and its documents as the model will see them, when the guard is on and hid anything. */
async function guard(
  ctx: PrivacyContext,
  text: string,
  files: QuestionFiles,
  keep: readonly string[] = [],
): Promise<(PrivacyWrite & { text: string }) | undefined> {
  if (!ctx.on) return undefined;
  const vault = ctx.sealed === null ? emptyVault() : await openedVault(ctx.env, ctx.sealed, ctx.topicId);
  const guarded = guardQuestion(vault, text, files.documents, keep, files.filenames);
  if (guarded.masked.length === 0) return undefined;
  return {
    text: guarded.text,
    original: text,
    masked: guarded.masked,
    sealed: await sealTopicVault(ctx.env, ctx.topicId, guarded.vault),
    documents: guarded.documents,
  };
}

/**
 * A new question: its attachments are the caller's and unsent (404/409/422), it and its documents
 * masked (docs/privacy.md); the topic's object writes it (see `Ask`).
 */
export async function prepareAsk(
  h: HistoryDb,
  userId: number,
  question: Extract<Question, { kind: "new" }>,
  privacy: PrivacyContext,
  newTopic: boolean,
): Promise<PreparedQuestion> {
  const claimed = await claimAttachments(h, userId, question.attachmentIds);
  const documents = claimed
    .filter((a) => a.kind === "document")
    .map((a) => ({ id: a.id, text: a.extractedText ?? "" }));
  const filenames = claimed.map((a) => a.filename);
  const guarded = await guard(privacy, question.text, { documents, filenames }, question.keep);
  const ask: Ask = {
    text: guarded?.text ?? question.text,
    attachmentIds: claimed.map((a) => a.id),
    newTopic,
    privacy: guarded,
  };
  return {
    hasImage: claimed.some((a) => a.kind === "image"),
    commit: async () => ({ ask, vault: guarded?.sealed ?? undefined }),
  };
}

/**
 * Checks a question against the topic's history (in the owner's shard `h`) and says how to write it;
 * `db` is the main D1 the topic's row is in; `newTopic`: the topic was opened by this send.
 */
export async function prepareQuestion(
  db: Db,
  h: HistoryDb,
  topic: TopicRow,
  question: Question,
  privacy: PrivacyContext,
  newTopic = false,
): Promise<PreparedQuestion> {
  switch (question.kind) {
    case "new":
      return prepareAsk(h, topic.userId, question, privacy, newTopic);
    case "regenerate": {
      const [reply, leafId] = await Promise.all([
        messageInTopic(h, topic.id, question.messageId),
        leafIdOf(h, topic.id),
      ]);
      if (reply.role !== "assistant" || reply.parentId === null)
        throw new ApiError(422, QUESTION_TEXTS.regenerateReplyOnly);
      const questionId = reply.parentId;
      return {
        hasImage: await hasImages(h, questionId),
        commit: async () => {
          await setLeaf(h, topic, questionId);
          return { userMessageId: questionId, leafIfSilent: leafId ?? reply.id };
        },
      };
    }
    case "edit": {
      const original = await messageInTopic(h, topic.id, question.messageId);
      if (original.role !== "user") throw new ApiError(422, QUESTION_TEXTS.editQuestionOnly);
      // The original's files come along as stored: their texts and names were guarded when first sent.
      const guarded = await guard(privacy, question.text, { documents: [], filenames: [] }, question.keep);
      return {
        hasImage: await hasImages(h, original.id),
        commit: async () => ({
          userMessageId: await saveEditedQuestion(
            db,
            h,
            privacy.env.EXTRACTOR,
            topic,
            original,
            guarded?.text ?? question.text,
            guarded,
          ),
          vault: guarded?.sealed ?? undefined,
        }),
      };
    }
    case "continue": {
      const reply = await cutReplyOf(h, topic.id);
      if (reply?.role !== "assistant" || reply.state !== "partial" || reply.parentId === null)
        throw new ApiError(422, QUESTION_TEXTS.nothingToContinue);
      const questionId = reply.parentId;
      return {
        hasImage: await hasImages(h, questionId),
        commit: async () => {
          // While it runs the live stream carries the whole reply; history ends at the question.
          await setLeaf(h, topic, questionId);
          return {
            userMessageId: questionId,
            continues: { messageId: reply.id, text: reply.text },
            leafIfSilent: reply.id,
          };
        },
      };
    }
  }
}
