import { z } from "zod";

// The shapes the cost statistics answer with (docs/operations.md "Costs"), declared once: the
// service returns them and the OpenAPI document names them (`.meta({ id })`).

const count = z.int().nonnegative();
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
