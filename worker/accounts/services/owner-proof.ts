import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { spendOneTimeCode } from "./one-time-codes";
import { verifyPassword } from "./passwords";
import { enforceRateLimits } from "../../http/rate-limit";
import type { User } from "./users";

/** A sign-in this recent proves an account without a password (no code needed). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;
export const CURRENT_PASSWORD_MISSING = "Введите текущий пароль";
export const CURRENT_PASSWORD_WRONG = "Неверный текущий пароль";
export const CODE_MISSING = "Введите код из письма";
export const CODE_WRONG = "Неверный или устаревший код";
export const SIGN_IN_AGAIN = "Войдите в аккаунт заново, чтобы подтвердить изменение";

const missing = (field: string, msg: string) => new ApiError(422, [{ loc: ["body", field], msg, type: "missing" }]);

/**
 * The caller of a password or e-mail change must be the owner, not just someone holding a token:
 * an account with a password gives the current one; one without gives a one-time code mailed to
 * it, or has signed in (externally) within FRESH_SIGN_IN_MS. Every attempt with a password or code
 * counts against a per-user limit before it is checked, so a stolen token cannot guess on.
 */
export async function proveOwner(
  env: Env,
  db: Db,
  user: User,
  sessionId: string,
  proof: { currentPassword?: string; code?: string },
): Promise<void> {
  if (user.passwordHash) {
    if (!proof.currentPassword) throw missing("current_password", CURRENT_PASSWORD_MISSING);
    await enforceRateLimits(db, env, [["ownerProofPerUser", String(user.id)]]);
    if (!(await verifyPassword(proof.currentPassword, user.passwordHash)))
      throw ApiError.forbidden(CURRENT_PASSWORD_WRONG);
    return;
  }
  if (proof.code) {
    await enforceRateLimits(db, env, [["ownerProofPerUser", String(user.id)]]);
    if (!(await spendOneTimeCode(env, db, user.id, proof.code))) throw ApiError.forbidden(CODE_WRONG);
    return;
  }
  const fresh = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, user.id),
        gt(sessions.createdAt, Date.now() - FRESH_SIGN_IN_MS),
      ),
    )
    .get();
  if (fresh) return;
  throw user.email ? missing("code", CODE_MISSING) : ApiError.forbidden(SIGN_IN_AGAIN);
}
