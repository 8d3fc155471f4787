import { type AnyColumn, and, desc, eq, gte, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { modelUsage, payments, subscriptions, users } from "../../db/schema";
import type { CostRow, CostStatistics } from "../schemas";

const DAY_MS = 24 * 60 * 60 * 1000;
// Moscow is UTC+3 all year (no daylight saving since 2014).
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
/** How many of the most expensive users and chats the statistics name. */
export const TOP_COUNT = 10;

const rubles = (value: number | null) => Math.round((value ?? 0) * 100) / 100;
const cost = sql<number | null>`sum(${modelUsage.cost})`;
// A continuation's row has no pack: it is part of the request of the reply it goes on with.
const replies = sql<number>`count(CASE WHEN ${modelUsage.kind} = 'reply' AND ${modelUsage.plan} IS NOT NULL THEN 1 END)`;

/**
 * The cost statistics of the Moscow days [from, to] (docs/operations.md "Costs"): one grouped
 * query over `model_usage` by its day index and one over the payments, plus the most expensive
 * users and chats, in one batch.
 */
export async function costStatistics(db: Db, from: string, to: string): Promise<CostStatistics> {
  const start = Date.parse(from) - MOSCOW_OFFSET_MS;
  const end = Date.parse(to) + DAY_MS - MOSCOW_OFFSET_MS;
  const inRange = and(gte(modelUsage.day, from), lte(modelUsage.day, to));
  const paymentDay = sql<string>`date((${payments.createdAt} + ${MOSCOW_OFFSET_MS}) / 1000, 'unixepoch')`;
  const planName = sql<string>`coalesce(${payments.planName}, ${subscriptions.name})`;
  const count = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`;

  const [used, sold, costlyUsers, costlyChats] = await db.batch([
    db
      .select({
        date: modelUsage.day,
        assistantType: modelUsage.assistantType,
        model: modelUsage.model,
        plan: modelUsage.plan,
        requests: replies,
        cost,
        contextCut: count(modelUsage.contextCut),
        outputLimited: count(modelUsage.outputLimited),
        estimated: count(modelUsage.estimated),
        unpriced: sql<number>`count(*) - count(${modelUsage.cost})`,
        input: sql<number>`coalesce(sum(${modelUsage.inputTokens}), 0)`,
        cached: sql<number>`coalesce(sum(${modelUsage.cachedTokens}), 0)`,
        output: sql<number>`coalesce(sum(${modelUsage.outputTokens}), 0)`,
        seconds: sql<number>`coalesce(sum(${modelUsage.audioSeconds}), 0)`,
      })
      .from(modelUsage)
      .where(inRange)
      .groupBy(modelUsage.day, modelUsage.assistantType, modelUsage.model, modelUsage.plan),
    db
      .select({
        date: paymentDay,
        plan: planName,
        requests: sql<number>`sum(${subscriptions.requestsLimit})`,
        kopecks: sql<number>`sum(${payments.amountKopecks})`,
      })
      .from(payments)
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .where(and(gte(payments.createdAt, start), lt(payments.createdAt, end), eq(payments.status, "succeeded")))
      .groupBy(paymentDay, planName),
    db
      .select({ userId: modelUsage.userId, email: users.email, requests: replies, cost })
      .from(modelUsage)
      .leftJoin(users, eq(users.id, modelUsage.userId))
      .where(inRange)
      .groupBy(modelUsage.userId)
      .orderBy(desc(cost), modelUsage.userId)
      .limit(TOP_COUNT),
    db
      .select({
        topicId: sql<number>`${modelUsage.topicId}`,
        userId: modelUsage.userId,
        assistantType: modelUsage.assistantType,
        requests: replies,
        cost,
      })
      .from(modelUsage)
      .where(and(inRange, isNotNull(modelUsage.topicId)))
      .groupBy(modelUsage.topicId)
      .orderBy(desc(cost), modelUsage.topicId)
      .limit(TOP_COUNT),
  ]);

  const rows: CostRow[] = [
    ...used.map((r) => ({
      date: r.date,
      assistant_type: r.assistantType,
      model: r.model,
      plan: r.plan,
      requests_sold: 0,
      requests_used: r.requests,
      model_cost: rubles(r.cost),
      revenue: 0,
      margin: -rubles(r.cost),
      context_cut: r.contextCut,
      output_limited: r.outputLimited,
      input_tokens: r.input,
      cached_tokens: r.cached,
      output_tokens: r.output,
      audio_seconds: r.seconds,
      estimated: r.estimated,
      unpriced: r.unpriced,
    })),
    ...sold.map((r) => ({
      date: r.date,
      assistant_type: null,
      model: null,
      plan: r.plan,
      requests_sold: r.requests,
      requests_used: 0,
      model_cost: 0,
      revenue: r.kopecks / 100,
      margin: r.kopecks / 100,
      context_cut: 0,
      output_limited: 0,
      input_tokens: 0,
      cached_tokens: 0,
      output_tokens: 0,
      audio_seconds: 0,
      estimated: 0,
      unpriced: 0,
    })),
  ];
  const key = (r: CostRow) => [r.date, r.assistant_type ?? "", r.model ?? "", r.plan ?? ""].join("\u0000");
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    rows,
    top_users: costlyUsers.map((u) => ({
      user_id: u.userId,
      email: u.email,
      requests: u.requests,
      model_cost: rubles(u.cost),
    })),
    top_chats: costlyChats.map((c) => ({
      topic_id: c.topicId,
      user_id: c.userId,
      assistant_type: c.assistantType,
      requests: c.requests,
      model_cost: rubles(c.cost),
    })),
  };
}
