import { and, eq, gt, isNull, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, limits, users } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { grantStatement } from "./grants";
import { COMPANY_NOT_FOUND } from "../../companies/services/companies";
import { companyLimits, userLimits } from "./limits";
import { findUserByEmail, findUserById, normalizeEmail } from "../../accounts/services/users";

export const LIMITS_ADMIN_TEXTS = { userNotFound: "Пользователь не найден" } as const;

export type LimitsUpdate = {
  /** Who: by id or by e-mail. */
  user: { id: number } | { email: string };
  requests: number;
  /** "add": one more pack. "set": the user's active packs end now and this one is all they have. */
  mode: "set" | "add";
  /** Days the pack lasts; none: it never expires. */
  days?: number | null;
  isUnlimited?: boolean;
};

/**
 * `POST /limits/update/`: the pack is an `admin` row. "set" ends every active row of the user in
 * the same batch (so a set of 0 leaves nothing to spend, and no empty row is written). Answers the
 * user's Limits.
 */
export async function updateUserLimits(db: Db, update: LimitsUpdate, now = Date.now()) {
  const user =
    "id" in update.user
      ? await findUserById(db, update.user.id)
      : await findUserByEmail(db, normalizeEmail(update.user.email));
  if (!user) throw ApiError.notFound(LIMITS_ADMIN_TEXTS.userNotFound);
  await writePack(db, { userId: user.id }, update, now);
  return userLimits(db, user.id, now);
}

/** The same for a company's pool (`company_id` in `POST /limits/update/`): answers the pool's Limits. */
export async function updateCompanyLimits(
  db: Db,
  companyId: number,
  update: Omit<LimitsUpdate, "user">,
  now = Date.now(),
) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw ApiError.notFound(COMPANY_NOT_FOUND);
  await writePack(db, { userId: null, companyId }, update, now);
  return companyLimits(db, companyId, now);
}

async function writePack(
  db: Db,
  owner: { userId: number } | { userId: null; companyId: number },
  update: Omit<LimitsUpdate, "user">,
  now: number,
) {
  const grant = grantStatement(
    db,
    { ...owner, requests: update.requests, isUnlimited: update.isUnlimited, days: update.days, source: "admin" },
    { now },
  );
  const writesPack = update.isUnlimited || update.requests > 0;
  if (update.mode === "set") {
    const whose = owner.userId === null ? eq(limits.companyId, owner.companyId) : eq(limits.userId, owner.userId);
    const endActive = db
      .update(limits)
      .set({ dateExpire: now })
      .where(and(whose, or(isNull(limits.dateExpire), gt(limits.dateExpire, now))));
    if (writesPack) await db.batch([endActive, grant]);
    else await endActive;
  } else if (writesPack) {
    await grant;
  }
}

/**
 * `POST /limits/set_start_for_all/`: every user's start pack becomes `requests` of `requests`,
 * never expiring; users without one (ended by a "set") get it back. New users still start with
 * `QUOTAS.startRequests`. Set-based: two statements whatever the number of users.
 */
export async function setStartPackForAll(db: Db, requests: number, now = Date.now()): Promise<{ users: number }> {
  const [, , counted] = await db.batch([
    db
      .update(limits)
      .set({ requests, availableRequests: requests, dateExpire: null })
      .where(and(eq(limits.source, "start"), sql`${limits.userId} IS NOT NULL`)),
    // INSERT … SELECT: drizzle wants every column of `limits`, in order.
    db.insert(limits).select(
      db
        .select({
          id: sql`NULL`.as("id"),
          userId: users.id,
          companyId: sql`NULL`.as("company_id"),
          requests: sql`${requests}`.as("requests"),
          availableRequests: sql`${requests}`.as("available_requests"),
          isUnlimited: sql`0`.as("is_unlimited"),
          dateExpire: sql`NULL`.as("date_expire"),
          source: sql`'start'`.as("source"),
          createdAt: sql`${now}`.as("created_at"),
          name: sql`NULL`.as("name"),
        })
        .from(users)
        .where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(limits)
              .where(and(eq(limits.userId, users.id), eq(limits.source, "start"))),
          ),
        ),
    ),
    db.select({ n: sql<number>`count(*)` }).from(users),
  ]);
  return { users: counted[0]?.n ?? 0 };
}
