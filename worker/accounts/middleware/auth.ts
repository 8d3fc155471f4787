import { every } from "hono/combine";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { getDb } from "../../db/client";
import type { User } from "../../db/schema";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import type { HistoryUser } from "../../db/history";
import { tokenRevoked } from "../services/revocations";
import { type AccessClaims, verifyAccessToken } from "../services/tokens";
import { accountOf, findSessionUser } from "../services/users";

export const AUTH_TEXTS = {
  missing: "Требуется авторизация",
  revoked: "Сессия завершена, войдите снова",
  forbidden: "Недостаточно прав",
} as const;

/** The presented access token's claims: 401 without one, or for one not signed by us or expired. */
async function presentedClaims(c: Context<AppEnv>): Promise<AccessClaims> {
  const raw = c.req.header("jwt-token");
  if (!raw) throw ApiError.unauthorized(AUTH_TEXTS.missing);
  return verifyAccessToken(c.env, raw);
}

/** 401 for a token whose session has ended or whose version is retired: KV, never D1. */
async function assertNotRevoked(c: Context<AppEnv>, claims: AccessClaims): Promise<void> {
  if (await tokenRevoked(c.env.KV, claims)) throw ApiError.unauthorized(AUTH_TEXTS.revoked);
}

/** The whole check in D1 itself (the session joined with the user), for the few callers that need it. */
async function sessionUser(c: Context<AppEnv>, claims: AccessClaims): Promise<User> {
  const user = await findSessionUser(getDb(c.env.DB), claims);
  if (!user) throw ApiError.unauthorized(AUTH_TEXTS.revoked);
  return user;
}

/** Who calls: the token says, unless it was signed before tokens carried the history shard. */
async function callerOf(c: Context<AppEnv>, claims: AccessClaims): Promise<HistoryUser> {
  if (claims.historyShard !== undefined) return { id: claims.userId, historyShard: claims.historyShard };
  const user = await sessionUser(c, claims);
  return { id: user.id, historyShard: user.historyShard };
}

function setCaller(c: Context<AppEnv>, claims: AccessClaims, user: HistoryUser) {
  c.set("user", user);
  c.set("userId", claims.userId);
  c.set("role", claims.role);
  c.set("token", { sid: claims.sid, jti: claims.jti, exp: claims.exp, ver: claims.ver });
}

/**
 * The caller must present a valid access token in `jwt-token`: signed by us and not expired, of a
 * session not revoked and of a token version not retired. Everything past the signature is KV
 * (`tokenRevoked`: the session's key and the user's, side by side; docs/accounts.md "Revocation"),
 * no D1: `c.var.user` is the caller's id and history shard and `c.var.role` their role, as the token
 * carries them. A route that shows or changes the account's row uses requireAccount. Running it
 * twice is harmless.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("userId") !== undefined) return next();
  const claims = await presentedClaims(c);
  const [, user] = await Promise.all([assertNotRevoked(c, claims), callerOf(c, claims)]);
  setCaller(c, claims, user);
  await next();
});

const READS = new Set(["GET", "HEAD"]);

// A call that changes anything reads the row D1 has now; a read may take the isolate's copy.
const accountRow = createMiddleware<AppEnv>(async (c, next) => {
  const token = { userId: c.var.userId, ver: c.var.token.ver };
  const account = await accountOf(getDb(c.env.DB), token, { trustRecent: READS.has(c.req.method) });
  if (!account) throw ApiError.unauthorized(AUTH_TEXTS.revoked);
  c.set("account", account);
  await next();
});

/** requireUser, then the caller's row from D1 (or this isolate's copy of the last seconds) as `c.var.account`. */
export const requireAccount = every(requireUser, accountRow);

/**
 * requireUser that also checks the session in D1 itself, and loads the row from there: for a read
 * of everything the account holds (its export), which a revocation KV has not yet carried to this
 * data centre must stop too.
 */
export const requireCheckedUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  const [, account] = await Promise.all([assertNotRevoked(c, claims), sessionUser(c, claims)]);
  setCaller(c, claims, { id: account.id, historyShard: account.historyShard });
  c.set("account", account);
  await next();
});

/**
 * requireUser for a send (docs/conversations.md "The turn"): only the token's signature and claims
 * here; the topic's object reads the revocations in KV beside the turn's own D1 batch, before any
 * other refusal (`c.var.caller`; the handler sets `c.var.turnChecked` once the object has answered).
 * A refusal the object never saw (the body's 422) still waits for the check, so the 401 comes first.
 * A token signed without the history shard is checked here first, in D1, as before.
 */
export const requireSignature = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await presentedClaims(c);
  const user = await callerOf(c, claims);
  c.set("caller", { ...claims, historyShard: user.historyShard });
  setCaller(c, claims, user);
  await next();
  if (!c.get("turnChecked")) await assertNotRevoked(c, claims);
});

const adminRole = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.account.role !== "admin") throw ApiError.forbidden(AUTH_TEXTS.forbidden);
  c.set("role", "admin");
  await next();
});

/**
 * requireAccount, then 403 unless the row says admin: the role is D1's here, not the token's, so a
 * demotion (the admin CLI writes D1) counts within the row's few seconds. Use it alone on admin routes.
 */
export const requireAdmin = every(requireAccount, adminRole);
