import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "yasno";
const AUDIENCE = "yasno-api";
const ALGORITHM = "HS256";

export type Role = "user" | "admin";
/**
 * `historyShard`: the user's history shard (a user never moves), so a send can start before its
 * session check is done (docs/scale.md "The first chunk"); undefined in a token signed without it.
 */
export type AccessClaims = {
  userId: number;
  role: Role;
  ver: number;
  sid: string;
  jti: string;
  exp: number;
  historyShard?: number;
};

const claimsShape = z.object({
  sub: z.string().regex(/^\d+$/),
  role: z.enum(["user", "admin"]),
  ver: z.number().int().nonnegative(),
  sid: z.string().min(1),
  jti: z.string().min(1),
  exp: z.number(),
  hs: z.number().int().nonnegative().optional(),
});

export const TOKEN_TEXTS = {
  invalid: "Недействительный токен авторизации",
  expired: "Срок действия токена истёк",
} as const;

// Not request state: the secret's CryptoKey, imported once per isolate instead of on every verify
// (the session check is otherwise a few map lookups, so the import was a good part of a request).
let imported: { secret: string; key: Promise<CryptoKey> } | undefined;

function signingKey(env: Env): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  if (!secret) throw new ApiError(503, "Вход временно недоступен: сервер не настроен");
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    const key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    imported = { secret, key };
  }
  return imported.key;
}

export async function signAccessToken(
  env: Env,
  claims: { userId: number; role: Role; ver: number; sid: string; historyShard: number | null },
): Promise<{ token: string; jti: string; exp: number }> {
  const jti = crypto.randomUUID();
  const exp = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    role: claims.role,
    ver: claims.ver,
    sid: claims.sid,
    hs: claims.historyShard ?? undefined,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(await signingKey(env));
  return { token, jti, exp };
}

function toClaims(payload: unknown): AccessClaims {
  const parsed = claimsShape.safeParse(payload);
  if (!parsed.success) throw ApiError.unauthorized(TOKEN_TEXTS.invalid);
  const { sub, hs, ...rest } = parsed.data;
  return { userId: Number(sub), historyShard: hs, ...rest };
}

const MAX_VERIFIED = 10_000;
// Not request state: tokens this isolate has verified, with their claims, until they expire. A token is a signed,
// immutable string, so the same string verifies the same way until its `exp` under the same secret; a client sends
// its token with every call, and jose's verify was a good part of a signed-in request's CPU (docs/scale.md "The
// session check"). Whether the session still stands is asked every time (revocations.ts), not kept here.
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

function knownClaims(env: Env, token: string): AccessClaims | undefined {
  const known = verified.get(token);
  if (!known) return undefined;
  if (known.secret === env.JWT_SECRET && known.claims.exp > Date.now() / 1000) return known.claims;
  verified.delete(token);
  return undefined;
}

function rememberClaims(env: Env, token: string, claims: AccessClaims): AccessClaims {
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, { secret: env.JWT_SECRET, claims });
  return claims;
}

/**
 * Verifies signature, algorithm, issuer and audience. With `allowExpired` (the refresh call only)
 * a token past its `exp` is still accepted: jose checks iss/aud before exp, so an expired error
 * carries a payload that passed everything else.
 */
export async function verifyAccessToken(
  env: Env,
  token: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims> {
  const known = knownClaims(env, token);
  if (known) return known;
  const key = await signingKey(env);
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    return rememberClaims(env, token, toClaims(payload));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof errors.JWTExpired) {
      if (options.allowExpired) return toClaims(err.payload);
      throw ApiError.unauthorized(TOKEN_TEXTS.expired);
    }
    throw ApiError.unauthorized(TOKEN_TEXTS.invalid);
  }
}
