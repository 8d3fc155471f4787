import { every } from "hono/combine";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getDb } from "../../db/client";
import type { User } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { type AccessClaims, verifyAccessToken } from "../services/tokens";
import { findSessionUser } from "../services/users";

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
 * requireUser for a send (docs/conversations.md "The turn"): only the token's signature and claims
 * here; the topic's object checks the sign-in session in the turn's own D1 batch, before any other
 * refusal (`c.var.caller`; the handler sets `c.var.turnChecked` once the object has answered). A
 * refusal the object never saw (the body's 422) still waits for the check, so the 401 comes first.
 * A token signed without the history shard is checked here first, as requireUser does.
 */
export const requireSignature = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  if (claims.historyShard === undefined) {
    const user = await sessionUser(c, claims, false);
    c.set("caller", { ...claims, historyShard: user.historyShard });
    setCaller(c, claims, user.role);
  } else {
    c.set("caller", { ...claims, historyShard: claims.historyShard });
    setCaller(c, claims, claims.role);
  }
  await next();
  if (!c.get("turnChecked")) await sessionUser(c, claims, false);
});

const adminRole = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("role") !== "admin") throw ApiError.forbidden(AUTH_TEXTS.forbidden);
  await next();
});

/** requireUser, then 403 unless the caller is an admin. Use it alone on admin routes. */
export const requireAdmin = every(requireUser, adminRole);
