import { and, desc, eq, gt, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { promos, promoUses, subscriptions } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { grantStatement, type Grant } from "./grants";
import { userLimits } from "./limits";

export const PROMO_TEXTS = {
  notFound: "Промокод не найден",
  alreadyUsed: "Вы уже активировали этот промокод",
  exhausted: "Промокод больше не действует",
  duplicate: "Промокод с таким названием уже существует",
  planNotFound: "Тариф не найден",
  oneGrant: "Промокод даёт либо запросы (requests), либо тариф (subscription_id): укажите одно из двух",
} as const;

export type PromoRow = typeof promos.$inferSelect;

/** Codes are stored upper-cased and looked up the same way (in JS: SQLite's upper() is ASCII only). */
export const normalizePromoName = (name: string) => name.trim().toUpperCase();

export const publicPromo = (row: PromoRow) => ({
  id: row.id,
  name: row.name,
  requests: row.requests,
  subscription_id: row.subscriptionId,
  day_gap: row.dayGap,
  max_uses: row.maxUses,
  uses: row.uses,
  expires_at: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
  active: row.active,
});

/** What an admin sets; on update, only the fields given change (null clears an optional one). */
export type PromoFields = {
  name: string;
  requests: number | null;
  subscriptionId: number | null;
  dayGap: number | null;
  maxUses: number;
  expiresAt: number | null;
  active: boolean;
};

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
};

/** A promo grants requests or a plan, never both or neither; the plan must exist. */
async function checkGrant(db: Db, fields: Pick<PromoFields, "requests" | "subscriptionId">): Promise<void> {
  if ((fields.requests === null) === (fields.subscriptionId === null))
    throw new ApiError(422, [{ loc: ["body", "requests"], msg: PROMO_TEXTS.oneGrant, type: "value_error" }]);
  if (fields.subscriptionId === null) return;
  const [plan] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, fields.subscriptionId));
  if (!plan)
    throw new ApiError(422, [{ loc: ["body", "subscription_id"], msg: PROMO_TEXTS.planNotFound, type: "value_error" }]);
}

export async function createPromo(db: Db, fields: PromoFields): Promise<PromoRow> {
  await checkGrant(db, fields);
  const [row] = await db
    .insert(promos)
    .values({ ...fields, name: normalizePromoName(fields.name) })
    .onConflictDoNothing({ target: promos.name })
    .returning();
  if (!row) throw ApiError.conflict(PROMO_TEXTS.duplicate);
  return row;
}

export async function findPromo(db: Db, id: number): Promise<PromoRow> {
  const [row] = await db.select().from(promos).where(eq(promos.id, id));
  if (!row) throw ApiError.notFound(PROMO_TEXTS.notFound);
  return row;
}

export const listPromos = (db: Db) => db.select().from(promos).orderBy(desc(promos.id));

export async function updatePromo(
  db: Db,
  id: number,
  changes: Partial<PromoFields>,
  now = Date.now(),
): Promise<PromoRow> {
  const current = await findPromo(db, id);
  const next = { ...changes, ...(changes.name !== undefined && { name: normalizePromoName(changes.name) }) };
  await checkGrant(db, {
    requests: next.requests !== undefined ? next.requests : current.requests,
    subscriptionId: next.subscriptionId !== undefined ? next.subscriptionId : current.subscriptionId,
  });
  try {
    const [row] = await db
      .update(promos)
      .set({ ...next, updatedAt: now })
      .where(eq(promos.id, id))
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.conflict(PROMO_TEXTS.duplicate);
    throw err;
  }
}

const usable = (now: number) => and(eq(promos.active, true), or(isNull(promos.expiresAt), gt(promos.expiresAt, now)));

/** Why `userId` cannot use this promo now, as the error to answer; null when nothing stops it. */
async function refusal(
  db: Db,
  userId: number,
  name: string,
  now: number,
): Promise<{ promo: PromoRow | null; error: ApiError | null }> {
  const [found] = await db
    .select({ promo: promos, used: promoUses.userId })
    .from(promos)
    .leftJoin(promoUses, and(eq(promoUses.promoId, promos.id), eq(promoUses.userId, userId)))
    .where(and(eq(promos.name, name), usable(now)));
  if (!found) return { promo: null, error: ApiError.notFound(PROMO_TEXTS.notFound) };
  if (found.used !== null) return { promo: found.promo, error: ApiError.conflict(PROMO_TEXTS.alreadyUsed) };
  if (found.promo.uses >= found.promo.maxUses)
    return { promo: found.promo, error: ApiError.conflict(PROMO_TEXTS.exhausted) };
  return { promo: found.promo, error: null };
}

async function grantOf(db: Db, userId: number, promo: PromoRow): Promise<Grant> {
  const name = `Промокод ${promo.name}`;
  if (promo.subscriptionId === null)
    return { userId, requests: promo.requests ?? 0, days: promo.dayGap, source: "promo", name };
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.id, promo.subscriptionId));
  if (!plan) throw ApiError.notFound(PROMO_TEXTS.notFound);
  return {
    userId,
    requests: plan.requestsLimit,
    isUnlimited: plan.isUnlimited,
    days: promo.dayGap ?? plan.dayGap,
    source: "promo",
    name: `${plan.name} · ${name}`,
  };
}

/** `POST /promos/use/{name}`: the caller's Limits after the grant. */
export async function usePromo(db: Db, userId: number, rawName: string, now = Date.now()) {
  const name = normalizePromoName(rawName);
  const { promo, error } = await refusal(db, userId, name, now);
  if (error) throw error;
  try {
    await applyPromoUse(db, userId, promo!, now);
  } catch (err) {
    // Lost a race since the check: answer why, as the check would have.
    throw (await refusal(db, userId, name, now)).error ?? err;
  }
  return userLimits(db, userId, now);
}

/**
 * One use of `promo` by `userId`, as one batch, whatever `promo` (read earlier) says now. Its first
 * statement takes a use only if the promo is still usable, has uses left and was not used by this
 * user; the next inserts the use record with a NULL promo id when that update changed nothing,
 * which fails NOT NULL and so rolls the whole batch back (D1 batches are transactions): no use
 * counted, no record, no grant. Of two users racing for the last use, exactly one gets through.
 * Rejects when the use was not taken.
 */
export async function applyPromoUse(db: Db, userId: number, promo: PromoRow, now = Date.now()): Promise<void> {
  const grant = await grantOf(db, userId, promo);
  await db.batch([
    db
      .update(promos)
      .set({ uses: sql`${promos.uses} + 1`, updatedAt: now })
      .where(
        and(
          eq(promos.id, promo.id),
          usable(now),
          lt(promos.uses, promos.maxUses),
          notExists(
            db
              .select({ one: sql`1` })
              .from(promoUses)
              .where(and(eq(promoUses.promoId, promo.id), eq(promoUses.userId, userId))),
          ),
        ),
      ),
    db
      .insert(promoUses)
      .values({ promoId: sql`(CASE WHEN changes() = 1 THEN ${promo.id} END)`, userId, createdAt: now }),
    grantStatement(db, grant, { now }),
    db
      .update(promoUses)
      .set({ limitId: sql`last_insert_rowid()` })
      .where(and(eq(promoUses.promoId, promo.id), eq(promoUses.userId, userId))),
  ]);
}
