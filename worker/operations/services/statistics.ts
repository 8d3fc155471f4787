import { and, eq, gte, lt, lte, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyActivity, messageFeedback, payments, requestCharges, topics, users } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
// Moscow is UTC+3 all year (no daylight saving since 2014).
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

export type DailyStats = {
  date: string;
  new_users: number;
  active_users: number;
  topics: number;
  messages: number;
  requests_used: number;
  payments: number;
  revenue: number;
};

/** The Moscow calendar day of a millisecond column, as YYYY-MM-DD. */
const moscowDay = (column: AnyColumn) => sql<string>`date((${column} + ${MOSCOW_OFFSET_MS}) / 1000, 'unixepoch')`;

/** Whole Moscow days between two YYYY-MM-DD dates, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * Per Moscow day in [from, to] (YYYY-MM-DD): one grouped query per source table, all in one batch,
 * then every day of the range filled in (empty days are zeros).
 */
export async function dailyStatistics(db: Db, from: string, to: string): Promise<DailyStats[]> {
  const start = Date.parse(from) - MOSCOW_OFFSET_MS;
  const end = Date.parse(to) + DAY_MS - MOSCOW_OFFSET_MS;
  const within = (column: AnyColumn) => and(gte(column, start), lt(column, end));

  const userDay = moscowDay(users.createdAt);
  const topicDay = moscowDay(topics.createdAt);
  const chargeDay = moscowDay(requestCharges.createdAt);
  const paymentDay = moscowDay(payments.createdAt);

  const [newUsers, newTopics, sent, charges, paid] = await db.batch([
    db.select({ day: userDay, n: sql<number>`count(*)` }).from(users).where(within(users.createdAt)).groupBy(userDay),
    db
      .select({ day: topicDay, n: sql<number>`count(*)` })
      .from(topics)
      .where(within(topics.createdAt))
      .groupBy(topicDay),
    // Messages are in the history shards; each is counted per Moscow day and user as it is written.
    db
      .select({
        day: dailyActivity.day,
        n: sql<number>`sum(${dailyActivity.questions} + ${dailyActivity.replies})`,
        active: sql<number>`count(CASE WHEN ${dailyActivity.questions} > 0 THEN 1 END)`,
      })
      .from(dailyActivity)
      .where(and(gte(dailyActivity.day, from), lte(dailyActivity.day, to)))
      .groupBy(dailyActivity.day),
    db
      .select({ day: chargeDay, n: sql<number>`count(*)` })
      .from(requestCharges)
      .where(and(within(requestCharges.createdAt), eq(requestCharges.refunded, false)))
      .groupBy(chargeDay),
    db
      .select({ day: paymentDay, n: sql<number>`count(*)`, kopecks: sql<number>`sum(${payments.amountKopecks})` })
      .from(payments)
      .where(and(within(payments.createdAt), eq(payments.status, "succeeded")))
      .groupBy(paymentDay),
  ]);

  const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
  const [u, t, m, ch, p] = [byDay(newUsers), byDay(newTopics), byDay(sent), byDay(charges), byDay(paid)];
  const result: DailyStats[] = [];
  for (let day = Date.parse(from); day <= Date.parse(to); day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    result.push({
      date,
      new_users: u.get(date)?.n ?? 0,
      active_users: m.get(date)?.active ?? 0,
      topics: t.get(date)?.n ?? 0,
      messages: m.get(date)?.n ?? 0,
      requests_used: ch.get(date)?.n ?? 0,
      payments: p.get(date)?.n ?? 0,
      revenue: (p.get(date)?.kopecks ?? 0) / 100,
    });
  }
  return result;
}

export type FeedbackCount = { assistant_type: string; model: string | null; up: number; down: number };

/**
 * The 👍/👎 on replies rated (or last re-rated) in the Moscow days [from, to], per mode and the
 * model that answered: which mode or model users like less.
 */
export async function feedbackCounts(db: Db, from: string, to: string): Promise<FeedbackCount[]> {
  const start = Date.parse(from) - MOSCOW_OFFSET_MS;
  const end = Date.parse(to) + DAY_MS - MOSCOW_OFFSET_MS;
  return db
    .select({
      assistant_type: messageFeedback.assistantType,
      model: messageFeedback.model,
      up: sql<number>`sum(${messageFeedback.rating} = 'up')`,
      down: sql<number>`sum(${messageFeedback.rating} = 'down')`,
    })
    .from(messageFeedback)
    .where(and(gte(messageFeedback.updatedAt, start), lt(messageFeedback.updatedAt, end)))
    .groupBy(messageFeedback.assistantType, messageFeedback.model)
    .orderBy(messageFeedback.assistantType, messageFeedback.model);
}
