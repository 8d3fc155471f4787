import { ACCESS_TOKEN_TTL_SECONDS } from "./tokens";

/**
 * Revocations in KV (docs/accounts.md "Revocation"): what ends access tokens before they expire.
 * D1 stays the source of truth (refresh, sign-in and recovery read it); KV is what a signed-in
 * request reads instead. Two kinds of key, each kept for the access token's lifetime, since a
 * revocation older than the longest token has nothing left to stop:
 * - `revoked:session:<sid>` — the session ended (logout, theft of its refresh token, ended by the user);
 * - `revoked:user:<id>` — the lowest token version still good: a password change or recovery and a
 *   block bump the version; a deleted account gets one no token can have.
 */
export const REVOCATION_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS;
/** How long a data centre may serve a KV answer from its cache: KV's minimum. */
export const REVOCATION_CACHE_TTL_SECONDS = 30;
/** How long this isolate reuses an answer KV gave it, far below the cache's own time. */
export const REVOCATION_MEMO_MS = 5_000;
const MAX_ENTRIES = 10_000;
const NO_VERSION_LEFT = Number.MAX_SAFE_INTEGER;

const sessionKey = (sid: string) => `revoked:session:${sid}`;
const userKey = (userId: number) => `revoked:user:${userId}`;

// Not request state: what this isolate has revoked (until KV surely has it) and a short memo of
// KV's answers, both bounded; keyed by KV key, the value is the revoked version floor (or 1 for a session).
const madeHere = new Map<string, { floor: number; until: number }>();
const answers = new Map<string, { floor: number; until: number }>();

function remember(map: Map<string, { floor: number; until: number }>, key: string, floor: number, until: number) {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, { floor, until });
}

function floorIn(map: Map<string, { floor: number; until: number }>, key: string, now: number): number | undefined {
  const entry = map.get(key);
  if (!entry) return undefined;
  if (entry.until > now) return entry.floor;
  map.delete(key);
  return undefined;
}

async function write(kv: KVNamespace, key: string, floor: number): Promise<void> {
  const now = Date.now();
  remember(madeHere, key, Math.max(floor, floorIn(madeHere, key, now) ?? 0), now + REVOCATION_TTL_SECONDS * 1000);
  answers.delete(key);
  await kv.put(key, String(floor), { expirationTtl: REVOCATION_TTL_SECONDS });
}

/** Ends every access token of these sessions. */
export async function revokeSessionTokens(kv: KVNamespace, sids: string[]): Promise<void> {
  await Promise.all(sids.map((sid) => write(kv, sessionKey(sid), 1)));
}

/** Ends every access token of the user signed with a version below `floor` (the new version). */
export async function revokeUserTokens(kv: KVNamespace, userId: number, floor: number): Promise<void> {
  await write(kv, userKey(userId), floor);
}

/** Ends every access token the user has: the account is gone. */
export async function revokeAllUserTokens(kv: KVNamespace, userId: number): Promise<void> {
  await write(kv, userKey(userId), NO_VERSION_LEFT);
}

async function floorOf(kv: KVNamespace, key: string, now: number): Promise<number> {
  const here = floorIn(madeHere, key, now) ?? 0;
  const memo = floorIn(answers, key, now);
  if (memo !== undefined) return Math.max(here, memo);
  const value = await kv.get(key, { cacheTtl: REVOCATION_CACHE_TTL_SECONDS });
  const floor = value === null ? 0 : Number(value);
  remember(answers, key, floor, now + REVOCATION_MEMO_MS);
  return Math.max(here, floor);
}

/**
 * Whether an access token's session is ended or its version retired: the session's key and the
 * user's read side by side, no D1. A revocation this isolate made counts at once.
 */
export async function tokenRevoked(
  kv: KVNamespace,
  token: { userId: number; sid: string; ver: number },
  now = Date.now(),
): Promise<boolean> {
  const [session, user] = await Promise.all([
    floorOf(kv, sessionKey(token.sid), now),
    floorOf(kv, userKey(token.userId), now),
  ]);
  return session > 0 || token.ver < user;
}
