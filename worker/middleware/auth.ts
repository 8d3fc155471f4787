import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { verifyAccessToken } from "../accounts/services/tokens";
import { findSessionUser } from "../accounts/services/users";

export const AUTH_TEXTS = {
  missing: "Требуется авторизация",
  revoked: "Сессия завершена, войдите снова",
  forbidden: "Недостаточно прав",
} as const;

const READS = new Set(["GET", "HEAD"]);

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
  const raw = c.req.header("jwt-token");
  if (!raw) throw ApiError.unauthorized(AUTH_TEXTS.missing);
  const claims = await verifyAccessToken(c.env, raw);
  const user = await findSessionUser(getDb(c.env.DB), claims, { trustRecent: READS.has(c.req.method) });
  if (!user) throw ApiError.unauthorized(AUTH_TEXTS.revoked);
  c.set("user", user);
  c.set("userId", user.id);
  c.set("role", user.role);
  c.set("token", { sid: claims.sid, jti: claims.jti, exp: claims.exp });
  await next();
});

const adminRole = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("role") !== "admin") throw ApiError.forbidden(AUTH_TEXTS.forbidden);
  await next();
});

/** requireUser, then 403 unless the caller is an admin. Use it alone on admin routes. */
export const requireAdmin = every(requireUser, adminRole);
