import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { BOOKMARK_HEADER } from "../../db/bookmark-header";
import { getDb } from "../../db/client";
import { topics } from "../../db/schema";
import type { AppEnv, Env } from "../../env";
import { ApiError } from "../../http/errors";
import { REPLY_TEXTS, topicObject } from "./topic-object";
import type { Question } from "../services/questions";
import type { TurnRequest } from "./turn-state";
import { logEvent } from "../../http/log";

// The route's side of a send (docs/conversations.md "The turn"): one RPC to the topic's object, and
// its answer as the HTTP response.

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

/**
 * The object a send goes to: a new topic's is made now (its id kept as the topic's `session_id`);
 * an existing topic's is the one it was started with. Only the address is read here: whether the
 * topic is the caller's is the turn's own check, after the caller's sign-in session.
 */
async function objectFor(env: Env, target: TurnRequest["topic"]) {
  if (target.kind === "new") return env.TOPIC_OBJECT.get(env.TOPIC_OBJECT.newUniqueId());
  const row = await getDb(env.DB)
    .select({ sessionId: topics.sessionId })
    .from(topics)
    .where(eq(topics.id, target.id))
    .get();
  return topicObject(env, { id: target.id, sessionId: row?.sessionId ?? null });
}

/**
 * Sends `request` to its topic's object and answers as the product's contract says: the reply as
 * text/plain from its first chunk (X-Model; X-Topic-Id for a new topic, and, on the web, a first
 * line `topic_id: <id>` the object puts before it), or the refusal. Any answer it returns comes
 * after the object checked the caller's sign-in session.
 */
export async function sendTurn(env: Env, request: TurnRequest): Promise<Response> {
  const object = await objectFor(env, request.topic);
  let answer: Awaited<ReturnType<typeof object.send>>;
  try {
    answer = await object.send(request);
  } catch (err) {
    // The object failed mid-turn (a restart); its next instance saves what it kept or gives the request back.
    logEvent("error", "the topic's object failed", { err });
    throw new ApiError(502, REPLY_TEXTS.interrupted);
  }
  if (answer.kind === "refused") return new ApiError(answer.status, answer.detail).toResponse();
  if (answer.kind === "unsaved") throw new Error(`the question to topic ${answer.topicId} was not saved`);
  const topicHeader: Record<string, string> =
    request.topic.kind === "new" ? { "x-topic-id": String(answer.topicId) } : {};
  if (answer.kind === "failed")
    return Response.json({ detail: REPLY_TEXTS.failedBeforeFirstToken }, { status: 502, headers: topicHeader });
  const bookmarks: Record<string, string> = answer.bookmarks ? { [BOOKMARK_HEADER]: answer.bookmarks } : {};
  return new Response(answer.body, { headers: streamHeaders(answer.model, { ...topicHeader, ...bookmarks }) });
}

/** A question as sent; `keep_as_is`: what the user chose to send to the model as is (docs/privacy.md). */
export type SendInput = { text: string; attachments: number[]; keep_as_is?: string[] };

export const newQuestion = (body: SendInput) =>
  ({ kind: "new", text: body.text, attachmentIds: body.attachments, keep: body.keep_as_is ?? [] }) satisfies Question;

/** A send from the web (requireSignature): the caller's token names the sign-in session the turn checks. */
export async function sendFromWeb(c: Context<AppEnv>, topic: TurnRequest["topic"], question: Question) {
  const { caller } = c.var;
  const signIn = { userId: caller.userId, sid: caller.sid, ver: caller.ver };
  const res = await sendTurn(c.env, {
    signIn,
    user: { id: caller.userId, historyShard: caller.historyShard },
    topic,
    question,
  });
  c.set("turnChecked", true);
  return res;
}
