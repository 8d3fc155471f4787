import { sql } from "drizzle-orm";
import { replyCost, audioCost, type TokenUsage } from "../../ai/prices";
import type { ModelChoice } from "../../ai/providers";
import type { Charge } from "../../billing/services/limits";
import type { Db } from "../../db/client";
import { limits, modelUsage } from "../../db/schema";
import type { Env } from "../../env";
import { moscowDayOf } from "./activity";

/** One reply as it was saved, for its row in `model_usage` (docs/operations.md "Costs"). */
export type SavedReply = {
  userId: number;
  topicId: number;
  shard: number;
  messageId: number;
  assistantType: string;
  /** None for a continuation: it goes on with a reply whose request was taken (docs/billing.md). */
  charge?: Charge;
  model: ModelChoice;
  tokens: TokenUsage;
  /** No usage came from the provider: `tokens` are estimated from characters. */
  estimated: boolean;
  contextCut: boolean;
  outputLimited: boolean;
};

/** The pack a request was taken from, by name: a plan's name, else its source (start, daily, promo, admin). */
const planOf = (limitId: number) =>
  sql<string>`(SELECT CASE WHEN ${limits.source} = 'subscription' THEN coalesce(${limits.name}, 'subscription')
    ELSE ${limits.source} END FROM ${limits} WHERE ${limits.id} = ${limitId})`;

/** A saved reply's tokens and cost, priced now; once per charge, so a retried save writes nothing twice. */
export async function recordReplyUsage(env: Env, db: Db, reply: SavedReply): Promise<void> {
  const now = Date.now();
  await db
    .insert(modelUsage)
    .values({
      kind: "reply",
      day: moscowDayOf(now),
      userId: reply.userId,
      topicId: reply.topicId,
      shard: reply.shard,
      messageId: reply.messageId,
      chargeId: reply.charge?.chargeId ?? null,
      assistantType: reply.assistantType,
      plan: reply.charge ? planOf(reply.charge.limitId) : null,
      provider: reply.model.provider,
      model: reply.model.modelId,
      inputTokens: reply.tokens.input,
      outputTokens: reply.tokens.output,
      cachedTokens: reply.tokens.cached,
      estimated: reply.estimated,
      contextCut: reply.contextCut,
      outputLimited: reply.outputLimited,
      cost: replyCost(env, reply.model.modelId, reply.tokens),
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** A recording transcribed: its seconds and their cost. */
export async function recordTranscription(
  env: Env,
  db: Db,
  call: { userId: number; attachmentId: number; provider: string; model: string; seconds: number },
): Promise<void> {
  const now = Date.now();
  await db.insert(modelUsage).values({
    kind: "transcription",
    day: moscowDayOf(now),
    userId: call.userId,
    attachmentId: call.attachmentId,
    provider: call.provider,
    model: call.model,
    audioSeconds: call.seconds,
    cost: audioCost(env, call.model, call.seconds),
    createdAt: now,
  });
}
