import { and, asc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bound, type Prepared } from "../../db/prepared";
import { limits } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { QUOTAS } from "../../settings";
import type { LimitRow as PublicLimitRow, Limits } from "../schemas";

export const NO_REQUESTS_LEFT = "Лимит запросов исчерпан";

type LimitRow = typeof limits.$inferSelect;

/**
 * What a send took: the row to give it back to. `unlimited` rows are never decremented.
 * `chargeId` is the `request_charges` row; `companyId` is set when it came from a company pool.
 */
export type Charge = { limitId: number; unlimited: boolean; chargeId?: number; companyId?: number };

/**
 * The start pack of a new user (docs/ai.md, "Requests (limits)"). It must come right after the user's INSERT in the
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

// Written out, the user as ?1 and the time as ?2: the same text every send, which D1 compiles once.
const activeRow = (l: string) =>
  `(${l}.date_expire IS NULL OR ${l}.date_expire > ?2) AND (${l}.is_unlimited = 1 OR ${l}.available_requests > 0)`;
// An active unlimited row first (the oldest), then the counted row that expires first.
const TAKE_ORDER = "is_unlimited DESC, CASE WHEN is_unlimited = 1 THEN id END, date_expire IS NULL, date_expire, id";
/** The rows of the company pools the user may take from: within their allowance, the pool's row active. */
const poolRows = (m: string, l: string) =>
  `FROM company_members ${m} JOIN limits ${l} ON ${l}.company_id = ${m}.company_id
   WHERE ${m}.user_id = ?1 AND (${m}.allowance IS NULL OR ${m}.used < ${m}.allowance) AND ${activeRow(l)}`;

type Taken = { id: number; limit_id: number; company_id: number | null; unlimited: number };

/**
 * Takes one request, in one statement (docs/scale.md "The first chunk"): from a company pool the user belongs to,
 * within their allowance, first; else from their own rows, where an active unlimited row lets the send through
 * untouched, otherwise the active row that expires first loses one. The charge's row is written and the trigger of
 * migrations/0027 counts it (the row, and the member's `used`). Of parallel sends with one request left (or at
 * allowance − 1) exactly one gets it: D1 runs one statement at a time. 402 when nothing is left.
 */
export async function takeRequest(db: Db, userId: number, now = Date.now()): Promise<Charge> {
  const d1 = db.$client;
  const results = await d1.batch(TAKE_REQUEST.map((statement) => bound(d1, statement, { userId, now })));
  const charge = chargeTaken(results.map((result) => result.results));
  if (!charge) throw new ApiError(402, NO_REQUESTS_LEFT);
  return charge;
}

const [user, time] = [sql.placeholder("userId"), sql.placeholder("now")];

/**
 * takeRequest's statement, for a larger batch (the turn's: conversations/turn/admission.ts), with placeholders for
 * `{ userId, now }` (db/prepared.ts).
 */
export const TAKE_REQUEST: readonly Prepared[] = [
  {
    sql: `INSERT INTO request_charges (user_id, limit_id, company_id, created_at)
         SELECT ?1, id, company_id, ?2 FROM (
           SELECT 0 AS own, m.id AS member, l.id, l.company_id, l.is_unlimited, l.date_expire ${poolRows("m", "l")}
           UNION ALL
           SELECT 1, NULL, l.id, NULL, l.is_unlimited, l.date_expire FROM limits l
           WHERE l.user_id = ?1 AND ${activeRow("l")}
         ) ORDER BY own, member, ${TAKE_ORDER} LIMIT 1
         RETURNING id, limit_id, company_id,
           (SELECT is_unlimited FROM limits WHERE limits.id = request_charges.limit_id) AS unlimited`,
    params: [user, time],
  },
];

/** The charge TAKE_REQUEST's rows say was taken; null when nothing was left. */
export function chargeTaken(rows: readonly unknown[]): Charge | null {
  const [taken] = rows[0] as Taken[];
  if (!taken) return null;
  const charge: Charge = { limitId: taken.limit_id, unlimited: taken.unlimited === 1, chargeId: taken.id };
  return taken.company_id === null ? charge : { ...charge, companyId: taken.company_id };
}

/**
 * Gives a taken request back where it came from (a reply that failed before its first token): the
 * counted row, the member's `used` for a pool charge, and the charge is marked refunded. Once only:
 * every step is conditioned on the charge not being refunded yet, and the mark comes last.
 */
export async function refundRequest(db: Db, charge: Charge): Promise<void> {
  if (charge.chargeId === undefined) {
    if (charge.unlimited) return;
    await db
      .update(limits)
      .set({ availableRequests: sql`${limits.availableRequests} + 1` })
      .where(eq(limits.id, charge.limitId));
    return;
  }
  const d1 = db.$client;
  const open = "EXISTS (SELECT 1 FROM request_charges c WHERE c.id = ?1 AND c.refunded = 0)";
  await d1.batch([
    d1
      .prepare(
        `UPDATE limits SET available_requests = available_requests + 1 WHERE id = ?2 AND is_unlimited = 0 AND ${open}`,
      )
      .bind(charge.chargeId, charge.limitId),
    d1
      .prepare(
        `UPDATE company_members SET used = used - 1
         WHERE used > 0 AND ${open}
           AND (company_id, user_id) = (SELECT company_id, user_id FROM request_charges WHERE id = ?1)`,
      )
      .bind(charge.chargeId),
    d1.prepare("UPDATE request_charges SET refunded = 1 WHERE id = ?1 AND refunded = 0").bind(charge.chargeId),
  ]);
}

const publicLimit = (row: LimitRow): PublicLimitRow => ({
  id: row.id,
  requests: row.requests,
  available_requests: row.availableRequests,
  is_unlimited: row.isUnlimited,
  date_expire: row.dateExpire === null ? null : new Date(row.dateExpire).toISOString(),
  source: row.source,
  name: row.name,
});

/**
 * `GET /limits/`: the user's active (not expired) rows, the one that expires first first;
 * `available_requests` sums the counted rows, `is_unlimited` says an unlimited row is active.
 */
export async function userLimits(db: Db, userId: number, now = Date.now()): Promise<Limits> {
  const [own, pool] = await Promise.all([activeLimits(db, eq(limits.userId, userId), now), poolFor(db, userId, now)]);
  return { ...own, pool };
}

/** The same shape for a company's pool (which has no pool of its own). */
export async function companyLimits(db: Db, companyId: number, now = Date.now()): Promise<Limits> {
  return { ...(await activeLimits(db, eq(limits.companyId, companyId), now)), pool: null };
}

/**
 * The pool a send would take from first (the membership `takeRequest` takes from first), and what is left of it for the
 * user.
 */
async function poolFor(db: Db, userId: number, now: number): Promise<Limits["pool"]> {
  const member = await db.get<{ company_id: number; name: string; allowance: number | null; used: number }>(sql`
    SELECT m.company_id, c.name, m.allowance, m.used FROM company_members m JOIN companies c ON c.id = m.company_id
    WHERE m.user_id = ${userId} AND (m.allowance IS NULL OR m.used < m.allowance)
      AND EXISTS (SELECT 1 FROM limits l WHERE l.company_id = m.company_id AND (l.date_expire IS NULL OR l.date_expire > ${now})
        AND (l.is_unlimited = 1 OR l.available_requests > 0))
    ORDER BY m.id LIMIT 1`);
  if (!member) return null;
  const pool = await activeLimits(db, eq(limits.companyId, member.company_id), now);
  const allowanceLeft = member.allowance === null ? null : member.allowance - member.used;
  const available = pool.is_unlimited
    ? (allowanceLeft ?? 0)
    : Math.min(pool.available_requests, allowanceLeft ?? Number.POSITIVE_INFINITY);
  return {
    company_id: member.company_id,
    company_name: member.name,
    available_requests: available,
    is_unlimited: pool.is_unlimited && allowanceLeft === null,
  };
}

async function activeLimits(db: Db, owner: SQL, now: number): Promise<Omit<Limits, "pool">> {
  const rows = await db
    .select()
    .from(limits)
    .where(and(owner, or(isNull(limits.dateExpire), gt(limits.dateExpire, now))))
    .orderBy(sql`${limits.dateExpire} IS NULL`, asc(limits.dateExpire), asc(limits.id));
  return {
    available_requests: rows
      .filter((r) => !r.isUnlimited)
      .reduce((sum, r) => sum + Math.max(0, r.availableRequests), 0),
    is_unlimited: rows.some((r) => r.isUnlimited),
    limits: rows.map(publicLimit),
  };
}
