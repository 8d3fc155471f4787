import { z } from "zod";

// The answers of the operations API (admin statistics and mail, the chat bots' internal API) as
// zod schemas: the OpenAPI document shows them (worker/http/openapi.ts `jsonOf`) and the contract
// test checks the real answers against them (test/scripts/openapi-contract.test.mjs).

const count = z.number().int().min(0);

/** A bot's user in the internal API; `created` when this call made the account. */
export const botUserSchema = z
  .strictObject({ user_id: z.int(), email: z.string().nullable(), name: z.string().nullable(), created: z.boolean() })
  .meta({ id: "BotUser" });

/** A bot's question answered whole (`stream: false`). */
export const botReplySchema = z
  .strictObject({
    topic_id: z.int(),
    text: z.string(),
    model: z.string().nullable(),
    state: z.enum(["complete", "partial"]),
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
