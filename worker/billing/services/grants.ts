import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { limits } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

export type Grant = {
  /** Whose pack: a user's, or (userId null) a company pool's. */
  userId: number | null;
  companyId?: number | null;
  /** Requests granted; stored as 0 when `isUnlimited`. */
  requests: number;
  isUnlimited?: boolean;
  /** Days the grant lasts from `now`; null or undefined: it never expires. */
  days?: number | null;
  source: (typeof limits.$inferInsert)["source"];
  /** The pack's name for the user (the plan's, the promo code); null: named by its source. */
  name?: string | null;
};

export type GrantOptions = {
  /**
   * Insert the row only if this SQL condition holds when the statement runs (e.g. `credited_at IS
   * NULL` of a payment, a promo still having uses): in a `db.batch` the condition and the writes
   * that follow it see the same state, which is what makes a grant happen exactly once.
   */
  when?: SQL;
  now?: number;
};

/**
 * The INSERT of one granted request pack (a `limits` row) for a `db.batch`, returning `{id}` of
 * the row (none when `when` did not hold). A grant is always written together with what caused it
 * (a payment's `credited_at`, a promo use), so the caller owns the batch; a statement right after
 * it may refer to the new row as `last_insert_rowid()`.
 */
export function grantStatement(db: Db, grant: Grant, { when, now = Date.now() }: GrantOptions = {}) {
  const requests = grant.isUnlimited ? 0 : grant.requests;
  const dateExpire = grant.days == null ? null : now + grant.days * DAY_MS;
  if (!when) {
    return db
      .insert(limits)
      .values({
        userId: grant.userId,
        companyId: grant.companyId ?? null,
        requests,
        availableRequests: requests,
        isUnlimited: grant.isUnlimited ?? false,
        dateExpire,
        source: grant.source,
        createdAt: now,
        name: grant.name ?? null,
      })
      .returning({ id: limits.id });
  }
  // INSERT … SELECT … WHERE: drizzle checks at run time that every column is listed, in order.
  return db
    .insert(limits)
    .select((qb) =>
      qb
        .select({
          id: sql`NULL`.as("id"),
          userId: sql`${grant.userId}`.as("user_id"),
          companyId: sql`${grant.companyId ?? null}`.as("company_id"),
          requests: sql`${requests}`.as("requests"),
          availableRequests: sql`${requests}`.as("available_requests"),
          isUnlimited: sql`${grant.isUnlimited ? 1 : 0}`.as("is_unlimited"),
          dateExpire: sql`${dateExpire}`.as("date_expire"),
          source: sql`${grant.source}`.as("source"),
          createdAt: sql`${now}`.as("created_at"),
          name: sql`${grant.name ?? null}`.as("name"),
        })
        .from(sql`(SELECT 1)`)
        .where(when),
    )
    .returning({ id: limits.id });
}
