import { and, eq } from "drizzle-orm";
import { chooseModel } from "../../ai/providers";
import { BOOKMARK_HEADER } from "../../db/bookmark-header";
import { getDb, type Db } from "../../db/client";
import { userHistory, type HistoryDb, type HistoryUser } from "../../db/history";
import { messages } from "../../db/history-schema";
import { products, topics as topicsTable } from "../../db/schema";
import { REPLY_TEXTS, type ReplyJob, type ReplyStream, topicObject, type TopicObjectStub } from "../turn/topic-object";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { DISCLAIMER_TEXTS, termsMet } from "../../billing/services/disclaimers";
import { type Charge, refundRequest, takeRequestPart } from "../../billing/services/limits";
import { type BatchPart, NOTHING_TO_JOIN, type OncePart, queryPart, runParts } from "../../db/batch-parts";
import { setLeaf } from "./branches";
import { openTopicPart, type TopicWithMode, UNKNOWN_MODE, unknownModeError } from "./new-topic";
import { type PrivacyContext, prepareAsk, prepareQuestion, type PreparedQuestion, type Question } from "./questions";
import { guardOnColumn } from "./privacy-settings";
import { sealedVaultOf } from "./vaults";
import { findActiveProduct, type ProductRow } from "../../billing/services/products";
import { TOPIC_NOT_FOUND, type TopicRow } from "./topics";

// The send flow of docs/conversations.md, shared by the web routes (routes/topic-streams.ts) and
// the chat-bot API (routes/internal/messages.ts).

export const STREAM_TEXTS = { busy: REPLY_TEXTS.busy, unknownMode: UNKNOWN_MODE } as const;

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
  if (!product) throw unknownModeError();
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
 * What a send checks before it may take anything: the topic and its mode, the terms, the question;
 * with the topic's privacy vault as stored (sealed; null when nothing was hidden yet).
 */
type Checked = { topic: TopicRow; product: ProductRow; question: PreparedQuestion; sealed: string | null };

/** Waits for every promise; the first of them in order that failed decides the failure (a send's order of refusals). */
async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const refused = settled.find((s) => s.status === "rejected");
  if (refused) throw refused.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Holds the topic's session beside the checks and the request the send's batch takes (docs/scale.md
 * "The first chunk"). Refusals keep the order of docs/conversations.md: the caller's session (401, when its
 * check runs beside the send), the checks' own (the mode 422, the terms 403, the question
 * 404/409/422), then a busy topic (409), then no request left (402); what was held or taken
 * meanwhile is given back, and nothing is written.
 */
async function admit(db: Db, session: TopicObjectStub, checks: Promise<Checked>, sessionCheck: Promise<unknown>, charged: Promise<Charge>) {
  const [caller, checked, reserved, taken] = await Promise.allSettled([sessionCheck, checks, session.reserve(), charged]);
  const token = reserved.status === "fulfilled" ? reserved.value : null;
  const charge = taken.status === "fulfilled" ? taken.value : null;
  if (caller.status === "fulfilled" && checked.status === "fulfilled" && token && charge) return { ...checked.value, token, charge };
  await Promise.all([token && session.release(token), charge && refundRequest(db, charge)]);
  if (caller.status === "rejected") throw caller.reason;
  if (checked.status === "rejected") throw checked.reason;
  if (reserved.status === "rejected") throw reserved.reason;
  if (!token) throw ApiError.conflict(STREAM_TEXTS.busy);
  throw (taken as PromiseRejectedResult).reason;
}

/**
 * One send, in the order of docs/conversations.md: admitted (the checks, the session held, one
 * request taken: see `admit`) → what the reply answers chosen (another reply, an edit and a
 * continuation write their part here) → the session writes a new question while it calls the model,
 * and streams the reply from its first chunk.
 */
async function send(
  env: Env,
  db: Db,
  input: {
    user: SendingUser;
    session: TopicObjectStub;
    checks: Promise<Checked>;
    sessionCheck?: Promise<unknown>;
    /** The request the send's batch takes. */
    taken: Promise<Charge>;
    topicLine?: boolean;
    topicHeader?: boolean;
  },
): Promise<Response> {
  const { user, session } = input;
  const admitted = await admit(db, session, input.checks, input.sessionCheck ?? Promise.resolve(), input.taken);
  const { topic, product, question, sealed, token, charge } = admitted;
  const h = userHistory(env, user);
  const model = chooseModel(env, product.model, question.hasImage);
  let job: ReplyJob;
  try {
    job = {
      topicId: topic.id,
      topicName: topic.topicName,
      userId: user.id,
      shard: user.historyShard ?? 0,
      assistantType: topic.assistantType,
      product,
      model,
      charge,
      ...(await question.commit()),
    };
    // The session unmasks the reply with the topic's vault: this question's, or the one it had.
    job.vault ??= sealed ?? undefined;
  } catch (err) {
    await session.release(token);
    await refundRequest(db, charge);
    throw err;
  }
  let started: ReplyStream;
  try {
    started = await session.start(token, job);
  } catch (err) {
    // The session has the job (and settles the request) or lost the reservation; either way the
    // route gives nothing back itself, so a request is never refunded twice.
    console.error("the topic session failed", topic.id, err);
    throw new ApiError(502, REPLY_TEXTS.interrupted);
  }
  // The session stopped the model and gave the request back; the start route drops the empty topic.
  if (started.kind === "unsaved") throw new Error(`the question to topic ${topic.id} was not saved`);
  const topicHeader: Record<string, string> = input.topicLine || input.topicHeader ? { "x-topic-id": String(topic.id) } : {};
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
  const body = input.topicLine ? withFirstLine(`topic_id: ${topic.id}\n`, started.body) : started.body;
  const bookmarks: Record<string, string> = started.bookmarks ? { [BOOKMARK_HEADER]: started.bookmarks } : {};
  return new Response(body, { headers: streamHeaders(started.model, { ...topicHeader, ...bookmarks }) });
}

/**
 * The caller's topic with the mode's terms and whether the privacy guard is on in it, and the
 * topic's mode, as a part of the send's batch: 404 for a topic not theirs, 422 for a mode gone (a
 * topic keeps its mode even if an admin has since turned it off), 403 for terms not accepted
 * (docs/billing.md). Two statements rather than one join: a batch's rows come back as objects, in
 * which the two tables' columns of one name (id, created_at, …) would be one.
 */
function ownTopicPart(db: Db, userId: number, topicId: number): BatchPart<TopicWithMode> {
  const own = and(eq(topicsTable.id, topicId), eq(topicsTable.userId, userId));
  const topicRows = queryPart(
    db.$client,
    db
      .select({
        topic: topicsTable,
        termsMet: termsMet(userId, topicsTable.assistantType).as("terms_met"),
        guardOn: guardOnColumn(userId, topicsTable.assistantType).as("guard_on"),
      })
      .from(topicsTable)
      .where(own),
  );
  const modeRows = queryPart(
    db.$client,
    db
      .select()
      .from(products)
      .where(eq(products.assistantType, db.select({ type: topicsTable.assistantType }).from(topicsTable).where(own))),
  );
  return {
    statements: [...topicRows.statements, ...modeRows.statements],
    read: ([topicResult, modeResult]) => {
      const [row] = topicRows.read([topicResult!]);
      const [product] = modeRows.read([modeResult!]);
      if (!row) throw ApiError.notFound(TOPIC_NOT_FOUND);
      if (!product) throw new ApiError(422, STREAM_TEXTS.unknownMode);
      if (!row.termsMet) throw ApiError.forbidden(DISCLAIMER_TEXTS.notAccepted);
      return { topic: row.topic, product, guardOn: Boolean(row.guardOn) };
    },
  };
}

/**
 * A send to the caller's topic: a new question, or another reply, an edit, a continuation
 * (docs/conversations.md). One D1 batch checks the caller's session (`sessionCheck`, requireSender's,
 * joined to it), reads the topic with its mode and takes a request, while the topic's vault is read
 * from the shard (docs/scale.md "The first chunk"). The 401 comes before the topic's refusals, and
 * a refusal gives the request back.
 */
export async function sendToTopic(env: Env, user: SendingUser, topicId: number, question: Question, sessionCheck?: OncePart<unknown>): Promise<Response> {
  const db = getDb(env.DB);
  const h = userHistory(env, user);
  const caller = sessionCheck?.join() ?? NOTHING_TO_JOIN;
  const [checkedCaller, owned, taken] = runParts<[unknown, TopicWithMode, Charge]>(db.$client, [
    caller.part,
    ownTopicPart(db, user.id, topicId),
    takeRequestPart(db.$client, user.id),
  ]);
  caller.settle(checkedCaller);
  // Read before the topic is known to be theirs: nothing it says is used unless it is.
  const sealed = quiet(sealedVaultOf(h, topicId));
  let own: TopicWithMode;
  try {
    [, own] = await inOrder([checkedCaller, owned]);
  } catch (err) {
    await taken.then(
      (charge) => refundRequest(db, charge),
      () => {},
    );
    throw err;
  }
  const { topic, product, guardOn } = own;
  const privacy: PrivacyContext = { env, topicId: topic.id, on: Promise.resolve(guardOn), sealed };
  const checks = inOrder([prepareQuestion(db, h, topic, question, privacy), sealed]);
  return send(env, db, {
    user,
    session: topicObject(env, topic),
    checks: checks.then(([prepared, vault]) => ({ topic, product, question: prepared, sealed: vault })),
    taken,
  });
}

export const newQuestion = (body: SendInput) =>
  ({ kind: "new", text: body.text, attachmentIds: body.attachments, keep: body.keep_as_is ?? [] }) satisfies Question;

/** Deletes the user's new topic unless a message made it into its history. */
export async function deleteEmptyTopic(db: Db, h: HistoryDb, topicId: number): Promise<void> {
  const written = await h.select({ id: messages.id }).from(messages).where(eq(messages.topicId, topicId)).limit(1).get();
  if (!written) await db.delete(topicsTable).where(and(eq(topicsTable.id, topicId)));
}

/**
 * A new topic in the mode with its first question; a refused first send leaves no empty topic.
 * Its session is addressed before the topic exists (`newUniqueId`, kept as `session_id`), so the
 * session is created and the question checked while one D1 batch checks the caller's session,
 * writes the topic and takes a request (docs/scale.md "The first chunk").
 * The web reads the new id from the stream's first line; a bot (`topicLine: false`) from X-Topic-Id only.
 */
export async function startTopicWithQuestion(
  env: Env,
  db: Db,
  user: SendingUser,
  assistantType: string,
  body: SendInput,
  opts: { topicLine: boolean; sessionCheck?: OncePart<unknown> } = { topicLine: true },
): Promise<Response> {
  const sessionId = env.TOPIC_OBJECT.newUniqueId();
  const caller = opts.sessionCheck?.join() ?? NOTHING_TO_JOIN;
  const [checkedCaller, opened, taken] = runParts<[unknown, TopicWithMode, Charge]>(db.$client, [
    caller.part,
    openTopicPart(db, user.id, assistantType, sessionId.toString()),
    takeRequestPart(db.$client, user.id),
  ]);
  caller.settle(checkedCaller);
  // A topic just started has no vault yet; the question's is sealed for it once its row is written.
  const privacy: PrivacyContext = {
    env,
    topicId: quiet(opened.then((o) => o.topic.id)),
    on: quiet(opened.then((o) => o.guardOn)),
    sealed: Promise.resolve(null),
  };
  const checks = inOrder([opened, prepareAsk(userHistory(env, user), user.id, newQuestion(body), privacy, true)]);
  try {
    return await send(env, db, {
      user,
      session: env.TOPIC_OBJECT.get(sessionId),
      checks: checks.then(([{ topic, product }, question]) => ({ topic, product, question, sealed: null })),
      sessionCheck: checkedCaller,
      taken,
      topicLine: opts.topicLine,
      topicHeader: true,
    });
  } catch (err) {
    // Refused, or the question could not be saved: no empty topic stays behind.
    const topic = await opened.then((o) => o.topic).catch(() => null);
    if (topic) await deleteEmptyTopic(db, userHistory(env, user), topic.id);
    throw err;
  }
}
