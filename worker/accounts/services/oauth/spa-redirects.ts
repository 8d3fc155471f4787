import type { Env } from "../../../env";
import type { AuthRecord } from "../auth-record";

/**
 * Where the browser lands after external sign-in (docs/external-sign-in.md). `status` values:
 * 400 the attempt is invalid or expired, 401 the user declined at the provider, 403 the account is
 * blocked, 409 the e-mail belongs to a password account, 502 the provider failed, 503 the provider
 * is no longer configured, 500 our failure.
 */
export type SignInFailure = 400 | 401 | 403 | 409 | 500 | 502 | 503;

/** A path inside the SPA, or null for anything that could leave it (`//host`, `/\\host`, schemes, the API). */
export function toSpaPath(candidate: string): string | null {
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return null;
  const base = "http://spa.invalid";
  const url = new URL(candidate, base);
  if (url.origin !== base || url.pathname.startsWith("/api/")) return null;
  return url.pathname + url.search + url.hash;
}

export function signedInUrl(env: Env, next: string, record: AuthRecord): string {
  const url = new URL(next, env.APP_URL);
  url.searchParams.set("access_token", record.access_token);
  url.searchParams.set("refresh_token", record.refresh_token);
  return url.toString();
}

export function signInFailedUrl(env: Env, status: SignInFailure): string {
  const url = new URL("/login", env.APP_URL);
  url.searchParams.set("status", String(status));
  return url.toString();
}
