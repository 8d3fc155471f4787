import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { limits } from "../db/schema";
import { ApiError } from "../errors";
import { QUOTAS } from "../settings";

export const NO_REQUESTS_LEFT = "Лимит запросов исчерпан";

type LimitRow = typeof limits.$inferSelect;

/** What a send took: the row to give it back to. `unlimited` rows are never decremented. */
export type Charge = { limitId: number; unlimited: boolean };

/**
 * The start pack of a new user (DESIGN.md §6). It must come right after the user's INSERT in the
 * same `db.batch`: it takes the user id from `last_insert_rowid()`, and the batch makes the user
 * and the pack one transaction (both or neither).
 */
export const startPackForNewUser = (db: Db) =>
  db.insert(limits).values({
    userId: sql`last_insert_rowid()`,
    requests: QUOTAS.startRequests,
    availableRequests: QUOTAS.startRequests,
    source: "start",
  });

/**
 * Takes one request in one round trip. An active unlimited row lets the send through untouched;
 * otherwise ONE conditional UPDATE takes it from the active row that expires first. SQLite runs a
 * statement at a time, so the row is chosen and decremented atomically: of parallel sends with one
 * request left, exactly one gets a row back. 402 when nothing is left.
 */
export async function takeRequest(db: Db, userId: number, now = Date.now()): Promise<Charge> {
  const activeUnlimited = and(eq(limits.userId, userId), eq(limits.isUnlimited, true), or(isNull(limits.dateExpire), gt(limits.dateExpire, now)));
  const [unlimited, taken] = await db.batch([
    db.select({ id: limits.id }).from(limits).where(activeUnlimited).orderBy(asc(limits.id)).limit(1),
    db
      .update(limits)
      .set({ availableRequests: sql`${limits.availableRequests} - 1` })
      .where(
        and(
          eq(
            limits.id,
            sql`(SELECT id FROM limits
                 WHERE user_id = ${userId} AND is_unlimited = 0 AND available_requests > 0
                   AND (date_expire IS NULL OR date_expire > ${now})
                 ORDER BY date_expire IS NULL, date_expire, id
                 LIMIT 1)`,
          ),
          gt(limits.availableRequests, 0),
          sql`NOT EXISTS (SELECT 1 FROM limits WHERE ${activeUnlimited})`,
        ),
      )
      .returning({ id: limits.id }),
  ]);
  if (unlimited[0]) return { limitId: unlimited[0].id, unlimited: true };
  if (taken[0]) return { limitId: taken[0].id, unlimited: false };
  throw new ApiError(402, NO_REQUESTS_LEFT);
}

/** Gives a taken request back to the row it came from (a reply that failed before its first token). */
export async function refundRequest(db: Db, charge: Charge): Promise<void> {
  if (charge.unlimited) return;
  await db
    .update(limits)
    .set({ availableRequests: sql`${limits.availableRequests} + 1` })
    .where(eq(limits.id, charge.limitId));
}

const publicLimit = (row: LimitRow) => ({
  id: row.id,
  requests: row.requests,
  available_requests: row.availableRequests,
  is_unlimited: row.isUnlimited,
  date_expire: row.dateExpire === null ? null : new Date(row.dateExpire).toISOString(),
  source: row.source,
});

/**
 * `GET /limits/`: the user's active (not expired) rows, the one that expires first first;
 * `available_requests` sums the counted rows, `is_unlimited` says an unlimited row is active.
 */
export async function userLimits(db: Db, userId: number, now = Date.now()) {
  const rows = await db
    .select()
    .from(limits)
    .where(and(eq(limits.userId, userId), or(isNull(limits.dateExpire), gt(limits.dateExpire, now))))
    .orderBy(sql`${limits.dateExpire} IS NULL`, asc(limits.dateExpire), asc(limits.id));
  return {
    available_requests: rows.filter((r) => !r.isUnlimited).reduce((sum, r) => sum + Math.max(0, r.availableRequests), 0),
    is_unlimited: rows.some((r) => r.isUnlimited),
    limits: rows.map(publicLimit),
  };
}
