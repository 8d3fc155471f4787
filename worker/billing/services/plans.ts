import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments, promos, subscriptions } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { rublesOf } from "../payments/money";
import type { Plan } from "../schemas";

export type PlanRow = typeof subscriptions.$inferSelect;

export const PLAN_TEXTS = {
  notFound: "Тариф не найден",
  requestsRequired: "Укажите число запросов больше нуля или отметьте тариф безлимитным",
} as const;

/** A plan's fields as the API takes them; `priceKopecks` already parsed from rubles. */
export type PlanInput = {
  name: string;
  priceKopecks: number;
  dayGap: number;
  requestsLimit: number;
  isUnlimited: boolean;
  isVisible: boolean;
};

/** The Plan shape of docs/billing.md: price in rubles, at most 2 decimals. */
export const publicPlan = (p: PlanRow): Plan => ({
  id: p.id,
  name: p.name,
  price: rublesOf(p.priceKopecks),
  day_gap: p.dayGap,
  requests_limit: p.requestsLimit,
  is_unlimited: p.isUnlimited,
  is_visible: p.isVisible,
});

/** `all`: admins see hidden plans too. Cheapest first. */
export const listPlans = (db: Db, { all }: { all: boolean }) =>
  db
    .select()
    .from(subscriptions)
    .where(all ? undefined : eq(subscriptions.isVisible, true))
    .orderBy(asc(subscriptions.priceKopecks), asc(subscriptions.id));

/** A plan by id; a hidden one only when `all` (for users it does not exist). 404 otherwise. */
export async function findPlan(db: Db, id: number, { all }: { all: boolean }): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), all ? undefined : eq(subscriptions.isVisible, true)));
  if (!row) throw ApiError.notFound(PLAN_TEXTS.notFound);
  return row;
}

/** A counted plan grants at least one request; an unlimited one needs no number. */
function checkRequests(plan: Pick<PlanInput, "isUnlimited" | "requestsLimit">): void {
  if (!plan.isUnlimited && plan.requestsLimit < 1) {
    throw new ApiError(422, [
      { loc: ["body", "requests_limit"], msg: PLAN_TEXTS.requestsRequired, type: "value_error" },
    ]);
  }
}

export async function createPlan(db: Db, input: PlanInput): Promise<PlanRow> {
  checkRequests(input);
  const [row] = await db.insert(subscriptions).values(input).returning();
  return row!;
}

/** Changes the given fields; the result must still be a valid plan. */
export async function updatePlan(db: Db, id: number, patch: Partial<PlanInput>): Promise<PlanRow> {
  const current = await findPlan(db, id, { all: true });
  checkRequests({ ...current, ...patch });
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: Date.now() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw ApiError.notFound(PLAN_TEXTS.notFound);
  return row;
}

/**
 * Deletes a plan nobody has paid for and no promo code grants; one with payments or promo codes
 * is hidden instead (their rows keep pointing at it). One batch: the check and the write cannot
 * be split by a payment made in between. Returns the hidden plan, or null when it was deleted.
 */
export async function deletePlan(db: Db, id: number): Promise<PlanRow | null> {
  const used = sql`(EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.subscriptionId} = ${id})
                    OR EXISTS (SELECT 1 FROM ${promos} WHERE ${promos.subscriptionId} = ${id}))`;
  const [hidden, deleted] = await db.batch([
    db
      .update(subscriptions)
      .set({ isVisible: false, updatedAt: Date.now() })
      .where(and(eq(subscriptions.id, id), used))
      .returning(),
    db
      .delete(subscriptions)
      .where(and(eq(subscriptions.id, id), sql`NOT ${used}`))
      .returning({ id: subscriptions.id }),
  ]);
  if (hidden[0]) return hidden[0];
  if (deleted[0]) return null;
  throw ApiError.notFound(PLAN_TEXTS.notFound);
}
