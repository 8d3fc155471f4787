import { z } from "zod";
import { citationSchema } from "../law/schemas";

// The answers of the operations API (admin statistics and mail, the chat bots' internal API) as
// zod schemas: the OpenAPI document shows them (worker/http/openapi.ts `jsonOf`) and the contract
// test checks the real answers against them (test/scripts/openapi-contract.test.mjs).

const count = z.number().int().min(0);

/** `POST /internal/api/v2/users/{provider}/{externalId}/link-token`: the one-time link `/link` sends. */
export const botLinkTokenSchema = z
  .strictObject({ url: z.string(), expires_at: z.iso.datetime() })
  .meta({ id: "BotLinkToken" });

/** A bot's user in the internal API; `created` when this call made the account. */
export const botUserSchema = z
  .strictObject({ user_id: z.int(), email: z.string().nullable(), name: z.string().nullable(), created: z.boolean() })
  .meta({ id: "BotUser" });

/** A notice the bot is to send now (`POST /notices/{provider}/claim`). */
export const botNoticeSchema = z
  .strictObject({
    notification_id: z.int(),
    user_id: z.int(),
    external_id: z.string(),
    title: z.string(),
    text: z.string(),
  })
  .meta({ id: "BotNotice" });

/** A bot's question answered whole (`stream: false`). */
export const botReplySchema = z
  .strictObject({
    topic_id: z.int(),
    text: z.string(),
    model: z.string().nullable(),
    state: z.enum(["complete", "partial"]),
    // The reply's citations of the law as history has them (docs/law.md "Every citation checked").
    citations: z.array(citationSchema),
    citations_date: z.iso.date().nullable(),
  })
  .meta({ id: "BotReply" });

/** A letter of the local outbox (`GET /mail/outbox`). */
export const sentMailSchema = z
  .strictObject({ id: z.int(), to: z.string(), subject: z.string(), text: z.string(), created_at: z.iso.datetime() })
  .meta({ id: "SentMail" });

/** One Moscow day of `GET /statistics/common/daily`; revenue in rubles. */
export const dailyStatsSchema = z
  .strictObject({
    date: z.iso.date(),
    new_users: count,
    active_users: count,
    topics: count,
    messages: count,
    requests_used: count,
    payments: count,
    revenue: z.number().min(0),
  })
  .meta({ id: "DailyStats" });

/** Ratings of replies by mode and model (`GET /statistics/feedback`). */
export const feedbackCountSchema = z
  .strictObject({ assistant_type: z.string(), model: z.string().nullable(), up: count, down: count })
  .meta({ id: "FeedbackCount" });

// The cost statistics (docs/operations.md "Costs"), declared once: the service returns them and
// the OpenAPI document names them (`.meta({ id })`).

const rubles = z.number();

/**
 * One Moscow day, mode, model and pack. A sale (`requests_sold`, `revenue`) has no mode or model,
 * as a pack serves every mode; use (`requests_used`, `model_cost` and the rest) has both, and a
 * transcription a model but no mode or pack. The rows add up: the period's margin is their sum.
 */
export const costRowSchema = z
  .strictObject({
    date: z.iso.date(),
    assistant_type: z.string().nullable(),
    model: z.string().nullable(),
    plan: z.string().nullable(),
    requests_sold: count,
    requests_used: count,
    model_cost: rubles,
    revenue: rubles,
    margin: rubles,
    context_cut: count,
    output_limited: count,
    input_tokens: count,
    cached_tokens: count,
    output_tokens: count,
    audio_seconds: z.number().nonnegative(),
    /** Replies whose tokens were estimated from characters: the provider reported none (stopped, broken off). */
    estimated: count,
    /** Calls whose model has no price in AI_PRICES: in no cost. */
    unpriced: count,
  })
  .meta({ id: "CostRow" });
export type CostRow = z.infer<typeof costRowSchema>;

export const costlyUserSchema = z
  .strictObject({ user_id: z.int().nullable(), email: z.string().nullable(), requests: count, model_cost: rubles })
  .meta({ id: "CostlyUser" });
export type CostlyUser = z.infer<typeof costlyUserSchema>;

export const costlyChatSchema = z
  .strictObject({
    topic_id: z.int(),
    user_id: z.int().nullable(),
    assistant_type: z.string().nullable(),
    requests: count,
    model_cost: rubles,
  })
  .meta({ id: "CostlyChat" });
export type CostlyChat = z.infer<typeof costlyChatSchema>;

export const costStatisticsSchema = z
  .strictObject({
    rows: z.array(costRowSchema),
    top_users: z.array(costlyUserSchema),
    top_chats: z.array(costlyChatSchema),
  })
  .meta({ id: "CostStatistics" });
export type CostStatistics = z.infer<typeof costStatisticsSchema>;
