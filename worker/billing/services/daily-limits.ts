import { and, eq, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { limits, users } from "../../db/schema";
import { QUOTAS } from "../../settings";

const DAY_MS = 24 * 60 * 60 * 1000;
// Moscow is UTC+3 all year (no daylight saving since 2014).
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The first 00:00 Moscow time strictly after `t` (at midnight itself: the next one). */
export const nextMoscowMidnight = (t: number): number =>
  Math.floor((t + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS + DAY_MS;

/**
 * The nightly limits work, as one batch: rows whose `date_expire` has passed are deleted, and every
 * user gets the free daily pack of the Moscow day that `now` falls in, expiring at its end. Both
 * are single set-based statements (one pass over `users`, an index probe per user), so the cost
 * does not grow with round trips. A user who already has this day's pack is skipped: running it
 * again, or late the same day, changes nothing; a missed day is simply not given back.
 */
export async function renewDailyPacks(db: Db, now: number): Promise<{ expired: number; granted: number }> {
  const expire = nextMoscowMidnight(now);
  const alreadyGiven = db
    .select({ one: sql`1` })
    .from(limits)
    .where(and(eq(limits.userId, users.id), eq(limits.dateExpire, expire), eq(limits.source, "daily")));
  const [expired, granted] = await db.batch([
    db.delete(limits).where(lte(limits.dateExpire, now)),
    // INSERT … SELECT: drizzle wants every column of `limits`, in order.
    db.insert(limits).select(
      db
        .select({
          id: sql`NULL`.as("id"),
          userId: users.id,
          companyId: sql`NULL`.as("company_id"),
          requests: sql`${QUOTAS.freeDailyRequests}`.as("requests"),
          availableRequests: sql`${QUOTAS.freeDailyRequests}`.as("available_requests"),
          isUnlimited: sql`0`.as("is_unlimited"),
          dateExpire: sql`${expire}`.as("date_expire"),
          source: sql`'daily'`.as("source"),
          createdAt: sql`${now}`.as("created_at"),
          name: sql`NULL`.as("name"),
        })
        .from(users)
        .where(notExists(alreadyGiven)),
    ),
  ]);
  return { expired: expired.meta.changes, granted: granted.meta.changes };
}
