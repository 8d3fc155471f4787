import { and, eq } from "drizzle-orm";
import { chooseModel } from "../../ai/providers";
import { getDb, type Db } from "../../db/client";
import { userHistory, type HistoryDb, type HistoryUser } from "../../db/history";
import { messages } from "../../db/history-schema";
import { topics as topicsTable } from "../../db/schema";
import { REPLY_TEXTS, type ReplyJob, type ReplyStream, topicSession } from "../../durable/topic-session";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { requireAcceptedDisclaimer } from "../../billing/services/disclaimers";
import { refundRequest, takeRequest, type Charge } from "../../billing/services/limits";
import { setLeaf } from "./branches";
import { type PrivacyContext, prepareQuestion, type Question } from "./questions";
import { privacyGuardOn } from "./privacy-settings";
import { sealedVaultOf } from "./vaults";
import { findActiveProduct, findProduct, type ProductRow } from "../../billing/services/products";
import { findOwnTopic, type TopicRow } from "./topics";

// The send flow of docs/conversations.md, shared by the web routes (routes/topic-streams.ts) and
// the chat-bot API (routes/internal/messages.ts).

export const STREAM_TEXTS = { busy: REPLY_TEXTS.busy, unknownMode: "Неизвестный режим ассистента" } as const;

/** A question as sent; `keep_as_is`: what the user chose to send to the model as is (docs/privacy.md). */
export type SendInput = { text: string; attachments: number[]; keep_as_is?: string[] };

/** A promise read later, whose failure is not "unhandled" when an earlier check refuses first. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** Who sends: the user and the history shard their chats are in. */
export type SendingUser = HistoryUser;

export async function activeProduct(db: Db, type: string): Promise<ProductRow> {
  const product = await findActiveProduct(db, type);
  if (!product) throw new ApiError(422, [{ loc: ["body", "assistant_type"], msg: STREAM_TEXTS.unknownMode, type: "enum" }]);
  return product;
}

export const streamHeaders = (model: string, extra: Record<string, string> = {}) => ({
  "content-type": "text/plain; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  // Compressing text/plain (Cloudflare's edge, and miniflare locally, gzip it for browsers) holds
  // the chunks back until the end: the reply must reach the reader as the model writes it.
  "content-encoding": "identity",
  "x-model": model,
  ...extra,
});

/** The stream with a first line before it (the new topic's `topic_id: <id>`), chunk by chunk. */
function withFirstLine(line: string, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let lineSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!lineSent) {
        lineSent = true;
        controller.enqueue(new TextEncoder().encode(line));
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * One send, in the order of docs/conversations.md: the mode's terms accepted (403) and the question
 * checked (attachments 404/409/422; the message regenerated, edited or continued 404/422), read
 * side by side → the topic's session reserved (409) while one request is taken (402) → the question
 * written → the session streams the reply. A failure on the way gives back what was taken: the
 * reservation and the request are made at once (docs/scale.md "The first chunk"), so a busy topic
 * gives its request back and a refused request its reservation; nothing is written before both.
 */
export async function send(
  env: Env,
  db: Db,
  input: {
    topic: TopicRow;
    product: ProductRow;
    user: SendingUser;
    question: Question;
    firstLine?: string;
    topicHeader?: boolean;
  },
): Promise<Response> {
  const { topic, user } = input;
  const h = userHistory(env, user);
  const privacy: PrivacyContext = {
    env,
    on: quiet(privacyGuardOn(db, user.id, topic.assistantType)),
    sealed: quiet(sealedVaultOf(h, topic.id)),
  };
  // Modes with terms (law, real estate: docs/billing.md) refuse before anything is reserved or taken.
  const [, question] = await Promise.all([requireAcceptedDisclaimer(db, user.id, topic.assistantType), prepareQuestion(db, h, topic, input.question, privacy)]);
  const model = chooseModel(env, input.product.model, question.hasImage);
  const stub = topicSession(env, topic.id);
  const [reserved, taken] = await Promise.allSettled([stub.reserve(), takeRequest(db, user.id)]);
  const token = reserved.status === "fulfilled" ? reserved.value : null;
  const charge = taken.status === "fulfilled" ? taken.value : null;
  if (!token || !charge) {
    if (token) await stub.release(token);
    if (charge) await refundRequest(db, charge);
    if (reserved.status === "rejected") throw reserved.reason;
    if (!token) throw ApiError.conflict(STREAM_TEXTS.busy);
    throw (taken as PromiseRejectedResult).reason;
  }

  let job: ReplyJob;
  try {
    job = {
      topicId: topic.id,
      userId: user.id,
      shard: user.historyShard ?? 0,
      assistantType: topic.assistantType,
      product: input.product,
      model,
      charge,
      ...(await question.commit()),
    };
    // The session unmasks the reply with the topic's vault: this question's, or the one it had.
    job.vault ??= (await privacy.sealed) ?? undefined;
  } catch (err) {
    await stub.release(token);
    await refundRequest(db, charge);
    throw err;
  }
  let started: ReplyStream;
  try {
    started = await stub.start(token, job);
  } catch (err) {
    // The session has the job (and settles the request) or lost the reservation; either way the
    // route gives nothing back itself, so a request is never refunded twice.
    console.error("the topic session failed", topic.id, err);
    throw new ApiError(502, REPLY_TEXTS.interrupted);
  }
  const topicHeader: Record<string, string> = input.firstLine || input.topicHeader ? { "x-topic-id": String(topic.id) } : {};
  if (started.kind !== "streaming") {
    // busy: the reservation lapsed and another send took the topic (ours is given back here).
    // failed: the model failed before its first token (the session gave the request back).
    if (started.kind === "busy") {
      await refundRequest(db, charge);
      if (job.leafIfSilent) await setLeaf(h, topic, job.leafIfSilent);
    }
    const [status, detail] = started.kind === "busy" ? [409, REPLY_TEXTS.busy] : [502, REPLY_TEXTS.failedBeforeFirstToken];
    return Response.json({ detail }, { status, headers: topicHeader });
  }
  const body = input.firstLine ? withFirstLine(input.firstLine, started.body) : started.body;
  return new Response(body, { headers: streamHeaders(started.model, topicHeader) });
}

/** A send to the caller's topic: a new question, or another reply, an edit, a continuation (docs/conversations.md). */
export async function sendToTopic(env: Env, user: SendingUser, topicId: number, question: Question): Promise<Response> {
  const db = getDb(env.DB);
  const topic = await findOwnTopic(db, user.id, topicId);
  // A topic keeps its mode even if an admin has since turned the mode off.
  const product = await findProduct(db, topic.assistantType);
  if (!product) throw new ApiError(422, STREAM_TEXTS.unknownMode);
  return send(env, db, { topic, product, user, question });
}

export const newQuestion = (body: SendInput): Question => ({ kind: "new", text: body.text, attachmentIds: body.attachments, keep: body.keep_as_is ?? [] });

/** Deletes the user's new topic unless a message made it into its history. */
export async function deleteEmptyTopic(db: Db, h: HistoryDb, topicId: number): Promise<void> {
  const written = await h.select({ id: messages.id }).from(messages).where(eq(messages.topicId, topicId)).limit(1).get();
  if (!written) await db.delete(topicsTable).where(and(eq(topicsTable.id, topicId)));
}

/**
 * A new topic in the mode with its first question; a refused first send leaves no empty topic.
 * The web reads the new id from the stream's first line; a bot (`topicLine: false`) from X-Topic-Id only.
 */
export async function startTopicWithQuestion(
  env: Env,
  db: Db,
  user: SendingUser,
  assistantType: string,
  body: SendInput,
  opts = { topicLine: true },
): Promise<Response> {
  const product = await activeProduct(db, assistantType);
  const [topic] = await db.insert(topicsTable).values({ userId: user.id, assistantType: product.assistantType }).returning();
  try {
    return await send(env, db, {
      topic: topic!,
      product,
      user,
      question: newQuestion(body),
      firstLine: opts.topicLine ? `topic_id: ${topic!.id}\n` : undefined,
      topicHeader: true,
    });
  } catch (err) {
    // Refused before the question was saved (no requests left, say): no empty topic stays behind.
    await deleteEmptyTopic(db, userHistory(env, user), topic!.id);
    throw err;
  }
}
