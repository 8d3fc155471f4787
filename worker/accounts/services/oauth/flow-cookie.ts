import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Env } from "../../../env";
import { ApiError } from "../../../http/errors";
import { OAUTH_PROVIDERS, type OAuthProviderName } from "./provider";

// One sign-in attempt lives in the browser that started it, in an HttpOnly cookie seen only by
// the callback path: no server storage, and a callback from another browser has no cookie.
// It is a JWT so that expiry is enforced here, not by the browser; the audience keeps it apart
// from access tokens signed with the same secret.
export const FLOW_COOKIE = "yasno_oauth_flow";
export const FLOW_TTL_SECONDS = 10 * 60;
const ISSUER = "yasno";
const AUDIENCE = "yasno-oauth-flow";

export type OAuthFlow = { provider: OAuthProviderName; state: string; codeVerifier: string; next: string };

const flowClaims = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  next: z.string().startsWith("/"),
});

function key(env: Env): Uint8Array {
  if (!env.JWT_SECRET) throw new ApiError(503, "Вход временно недоступен: сервер не настроен");
  return new TextEncoder().encode(env.JWT_SECRET);
}

export const flowCookiePath = (provider: OAuthProviderName) => `/api/v2/users/auth/${provider}/callback`;

export const flowCookieOptions = (env: Env, provider: OAuthProviderName) =>
  ({
    path: flowCookiePath(provider),
    httpOnly: true,
    secure: env.APP_URL.startsWith("https:"),
    // Lax: the provider sends the browser back with a top-level GET, which Lax cookies follow.
    sameSite: "Lax",
    maxAge: FLOW_TTL_SECONDS,
  }) as const;

export async function sealFlow(env: Env, flow: OAuthFlow): Promise<string> {
  return new SignJWT(flow)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(key(env));
}

/** The flow, or null when the cookie is missing, forged or older than ten minutes. */
export async function openFlow(env: Env, sealed: string | undefined): Promise<OAuthFlow | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, key(env), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const flow = flowClaims.safeParse(payload);
    return flow.success ? flow.data : null;
  } catch {
    return null;
  }
}
