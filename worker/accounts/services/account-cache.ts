import type { User } from "../../db/schema";

/**
 * How long one isolate reuses a user's row it read from D1 for routes that show it (`requireAccount`:
 * `GET /users/self`, the account's changes). The session check itself is KV's (revocations.ts); this
 * only spares D1 the same row again (docs/scale.md "The session check"). A writer of the row in this
 * isolate forgets it (`forgetAccount`), so here a change reads back at once; other isolates see a new
 * name or e-mail within this time.
 */
export const ACCOUNT_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

// Not request state: a bounded memo shared by the isolate's requests, keyed by user id.
const rows = new Map<number, { user: User; until: number }>();

/** The user's row read less than ACCOUNT_CACHE_MS ago, if its token version is still `ver`. */
export function recentAccount(userId: number, ver: number, now = Date.now()): User | undefined {
  const entry = rows.get(userId);
  if (!entry) return undefined;
  if (entry.until <= now) {
    rows.delete(userId);
    return undefined;
  }
  return entry.user.tokenVersion === ver ? entry.user : undefined;
}

/** Remembers a row D1 has just given. */
export function rememberAccount(user: User, now = Date.now()): void {
  if (rows.size >= MAX_ENTRIES) rows.clear();
  rows.set(user.id, { user, until: now + ACCOUNT_CACHE_MS });
}

/** Forgets a user's row: it has just changed. */
export function forgetAccount(userId: number): void {
  rows.delete(userId);
}
