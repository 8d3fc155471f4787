import { and, eq, sql } from "drizzle-orm";
import { nextMoscowMidnight } from "../../billing/services/daily-limits";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { QUOTAS } from "../../settings";

// The daily budget of speech-to-text per user (docs/conversations.md "Voice"): seconds of
// recordings sent to the service in one Moscow day, at most `QUOTAS.audioDailyMinutes`. It is a
// rate limit weighted by seconds, so it lives in the rate limits' table, in a window of the day,
// and the nightly cron removes past days with the other windows.

const DAY_MS = 24 * 60 * 60 * 1000;
const BUDGET_SECONDS = QUOTAS.audioDailyMinutes * 60;

export const VOICE_BUDGET_TEXTS = {
  spent:
    `Лимит расшифровки голосовых на сегодня исчерпан: не больше ${QUOTAS.audioDailyMinutes} минут записей в день. ` +
    "Напишите вопрос текстом или продолжите завтра",
} as const;

/** The seconds a call took from the day it was taken in: hand them back with `refundVoiceBudget`. */
export type VoiceBudgetTicket = { key: string; windowStart: number; seconds: number };

/**
 * Takes a recording's seconds (rounded up) from the caller's budget of today in one atomic upsert,
 * which takes nothing past the budget; then 429 with Retry-After until Moscow midnight.
 */
export async function takeVoiceBudget(db: Db, userId: number, recordingSeconds: number): Promise<VoiceBudgetTicket> {
  const now = Date.now();
  const dayEnd = nextMoscowMidnight(now);
  const seconds = Math.ceil(recordingSeconds);
  const ticket = { key: `audioSecondsPerUser:${userId}`, windowStart: dayEnd - DAY_MS, seconds };
  const taken =
    ticket.seconds <= BUDGET_SECONDS
      ? await db
          .insert(rateLimits)
          .values({ key: ticket.key, windowStart: ticket.windowStart, count: ticket.seconds })
          .onConflictDoUpdate({
            target: [rateLimits.key, rateLimits.windowStart],
            set: { count: sql`${rateLimits.count} + excluded.count` },
            setWhere: sql`${rateLimits.count} + excluded.count <= ${BUDGET_SECONDS}`,
          })
          .returning({ count: rateLimits.count })
      : [];
  if (taken.length === 0) throw ApiError.tooMany(Math.ceil((dayEnd - now) / 1000), VOICE_BUDGET_TEXTS.spent);
  return ticket;
}

/** Gives a call's seconds back to the day they were taken from (the service did not answer). */
export async function refundVoiceBudget(db: Db, ticket: VoiceBudgetTicket): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - ${ticket.seconds}, 0)` })
    .where(and(eq(rateLimits.key, ticket.key), eq(rateLimits.windowStart, ticket.windowStart)));
}
