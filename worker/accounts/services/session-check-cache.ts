import type { User } from "../../db/schema";

/**
 * How long one isolate trusts a session it has checked in D1 (docs/scale.md "The session check").
 * Within the isolate that wrote it, a logout, block, password or profile change counts at once
 * (the writers call `forgetSessionChecks`); other isolates see it within this time.
 */
export const SESSION_CHECK_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Checked = { user: User; ver: number; until: number };

// Not request state: a bounded memo shared by the isolate's requests, keyed by session id.
const checked = new Map<string, Checked>();

/** The user of a live session checked less than SESSION_CHECK_CACHE_MS ago, if any. */
export function recentSessionUser(
  token: { userId: number; sid: string; ver: number },
  now = Date.now(),
): User | undefined {
  const entry = checked.get(token.sid);
  if (!entry) return undefined;
  if (entry.until <= now) {
    checked.delete(token.sid);
    return undefined;
  }
  return entry.user.id === token.userId && entry.ver === token.ver ? entry.user : undefined;
}

/** Remembers a session D1 has just confirmed, never past the session's own end. */
export function rememberSessionUser(sid: string, user: User, sessionExpiresAt: number, now = Date.now()): void {
  if (checked.size >= MAX_ENTRIES) checked.clear();
  checked.set(sid, { user, ver: user.tokenVersion, until: Math.min(now + SESSION_CHECK_CACHE_MS, sessionExpiresAt) });
}

/** Forgets one session (logout) or every session of a user (a change to the user row). */
export function forgetSessionChecks(target: { sid: string } | { userId: number }): void {
  if ("sid" in target) {
    checked.delete(target.sid);
    return;
  }
  for (const [sid, entry] of checked) if (entry.user.id === target.userId) checked.delete(sid);
}
