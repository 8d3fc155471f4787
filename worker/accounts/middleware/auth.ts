import { every } from "hono/combine";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getDb } from "../../db/client";
import type { User } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { type AccessClaims, verifyAccessToken } from "../services/tokens";
import { findSessionUser, sessionUserPart } from "../services/users";
import { mapPart, oncePart, type OncePart } from "../../db/batch-parts";

export const AUTH_TEXTS = {
  missing: "Требуется авторизация",
  revoked: "Сессия завершена, войдите снова",
  forbidden: "Недостаточно прав",
} as const;

const READS = new Set(["GET", "HEAD"]);

/** The presented access token's claims: 401 without one, or for one not signed by us or expired. */
async function presentedClaims(c: Context<AppEnv>): Promise<AccessClaims> {
  const raw = c.req.header("jwt-token");
  if (!raw) throw ApiError.unauthorized(AUTH_TEXTS.missing);
  return verifyAccessToken(c.env, raw);
}

/** Everything past the signature: the session live, the token's version current, the user there and not blocked. */
async function sessionUser(c: Context<AppEnv>, claims: AccessClaims, trustRecent: boolean): Promise<User> {
  return liveUser(await findSessionUser(getDb(c.env.DB), claims, { trustRecent }));
}

function liveUser(user: User | undefined): User {
  if (!user) throw ApiError.unauthorized(AUTH_TEXTS.revoked);
  return user;
}

/** A send's session check, always asked of D1: run alone, or joined to the send's own batch. */
const sessionCheckOf = (c: Context<AppEnv>, claims: AccessClaims): OncePart<User> => {
  const db = getDb(c.env.DB);
  return oncePart(db.$client, () => mapPart(sessionUserPart(db, claims), liveUser));
};

function setCaller(c: Context<AppEnv>, claims: AccessClaims, role: AccessClaims["role"]) {
  c.set("userId", claims.userId);
  c.set("role", role);
  c.set("token", { sid: claims.sid, jti: claims.jti, exp: claims.exp });
}

/**
 * The caller must present a valid access token in `jwt-token`: signed by us and not expired, of a
 * session that is still live, of the user's current token version, for a user that exists and is
 * not blocked. Everything past the signature is `findSessionUser`: one D1 read; a GET may use this
 * isolate's check of the same session from the last few seconds instead (docs/scale.md "The session
 * check"). So a logout, a block, a password or role change ends the session's access tokens at the
 * next call that changes anything, and for reads within seconds. The loaded row is `c.var.user`, so
 * handlers need not read it again. Running it twice is harmless.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("userId") !== undefined) return next();
  const claims = await presentedClaims(c);
  const user = await sessionUser(c, claims, READS.has(c.req.method));
  c.set("user", user);
  setCaller(c, claims, user.role);
  await next();
});

/**
 * requireUser that asks D1 on a GET too, never the isolate's check of the last seconds: for a read
 * of everything the account holds (its export), which a logout or a block must stop at once.
 */
export const requireCheckedUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  const user = await sessionUser(c, claims, false);
  c.set("user", user);
  setCaller(c, claims, user.role);
  await next();
});

/**
 * requireUser for a send (docs/scale.md "The first chunk"): the signature already proves who calls
 * and the token names their history shard, so the send starts at once and the session check's D1
 * read is `c.var.sessionCheck`, which the send runs beside its first reads or joins to its own
 * batch. The send waits for it before it keeps anything: its 401 comes before any other refusal,
 * and gives back what was taken meanwhile. `c.var.user` is not set; `c.var.sender` is. A token
 * signed without the shard is checked first, as requireUser does.
 */
export const requireSender = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  const check = sessionCheckOf(c, claims);
  c.set("sessionCheck", check);
  if (claims.historyShard === undefined) {
    const user = await check.run();
    c.set("sender", user);
    setCaller(c, claims, user.role);
  } else {
    c.set("sender", { id: claims.userId, historyShard: claims.historyShard });
    setCaller(c, claims, claims.role);
  }
  await next();
  // A refusal the send never reached (its body's 422) still comes after the caller's 401; and no
  // answer goes out without the check, even from a handler that never asked for it.
  await check.run();
});

const adminRole = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("role") !== "admin") throw ApiError.forbidden(AUTH_TEXTS.forbidden);
  await next();
});

/** requireUser, then 403 unless the caller is an admin. Use it alone on admin routes. */
export const requireAdmin = every(requireUser, adminRole);
