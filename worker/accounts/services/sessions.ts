import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { refreshTokens, sessions } from "../../db/schema";
import type { Device } from "./devices";
import { newOpaqueToken, sha256Hex } from "./opaque-tokens";
import { revokeSessionTokens } from "./revocations";
import { REFRESH_TOKEN_TTL_MS } from "./tokens";

/** One sign-in on one device: a session row and the first refresh token of its family. */
export async function createSession(
  db: Db,
  userId: number,
  device: Device = { userAgent: null, country: null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  await db.batch([
    db.insert(sessions).values({
      id: sessionId,
      userId,
      expiresAt: now + REFRESH_TOKEN_TTL_MS,
      userAgent: device.userAgent?.slice(0, 300) ?? null,
      country: device.country,
      lastUsedAt: now,
    }),
    db.insert(refreshTokens).values({ tokenHash: await sha256Hex(refreshToken), sessionId }),
  ]);
  return { sessionId, refreshToken };
}

export type Rotation = { ok: true; userId: number; refreshToken: string } | { ok: false; reason: "reused" | "invalid" };

/**
 * A browser that reloads while its refresh is in flight never stores the answer and presents the
 * old token again: for this long after a rotation that is taken for a lost answer, not theft.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const presented = alias(refreshTokens, "presented");
const successor = alias(refreshTokens, "successor");

const sessionLive = (sessionId: SQLiteColumn, now: number) =>
  sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${sessionId} AND ${sessions.revokedAt} IS NULL AND ${sessions.expiresAt} > ${now})`;

/**
 * Exchanges a refresh token of session `sessionId` for the next one. Every exchange is one
 * conditional `db.batch` (a transaction), so of two parallel calls that could make the same
 * exchange exactly one does.
 *
 * - A live token is rotated: it is retired and remembers its successor in `replaced_by`.
 * - A token rotated less than REFRESH_REUSE_GRACE_MS ago whose successor was never used (a lost
 *   answer, or a parallel refresh) gets a sibling: a new live token in the same session. The
 *   successor is left alone, so whoever holds it keeps a working session too.
 * - Any other already-retired token is theft or a replay: its whole family (the session) is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  kv: KVNamespace,
  token: string,
  sessionId: string,
  country: string | null = null,
): Promise<Rotation> {
  const now = Date.now();
  const oldHash = await sha256Hex(token);
  const next = newOpaqueToken();
  const nextHash = await sha256Hex(next);

  const exchanged =
    (await rotate(db, oldHash, sessionId, nextHash, now, country)) ||
    (await exchangeWithinGrace(db, oldHash, sessionId, nextHash, now, country));
  if (exchanged) {
    const session = await db.query.sessions.findFirst({ columns: { userId: true }, where: eq(sessions.id, sessionId) });
    if (session) return { ok: true, userId: session.userId, refreshToken: next };
  }

  const known = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, oldHash) });
  if (known?.rotatedAt != null) {
    await revokeSession(db, kv, known.sessionId);
    return { ok: false, reason: "reused" };
  }
  return { ok: false, reason: "invalid" };
}

/** The new token as a row selected under `where`: the insert then holds the batch's condition. */
const newTokenRow = (nextHash: string, sessionId: SQLiteColumn, now: number) => ({
  tokenHash: sql<string>`${nextHash}`.as("token_hash"),
  sessionId,
  createdAt: sql<number>`${now}`.as("created_at"),
  rotatedAt: sql<null>`NULL`.as("rotated_at"),
  replacedBy: sql<null>`NULL`.as("replaced_by"),
});

// Sliding lifetime: a session ends after 30 days without a refresh. A refresh is its last use.
const extendSession = (db: Db, sessionId: string, nextHash: string, now: number, country: string | null) =>
  db
    .update(sessions)
    .set({ expiresAt: now + REFRESH_TOKEN_TTL_MS, lastUsedAt: now, ...(country && { country }) })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.tokenHash} = ${nextHash})`,
      ),
    );

async function rotate(
  db: Db,
  oldHash: string,
  sessionId: string,
  nextHash: string,
  now: number,
  country: string | null,
): Promise<boolean> {
  const live = and(
    eq(refreshTokens.tokenHash, oldHash),
    eq(refreshTokens.sessionId, sessionId),
    isNull(refreshTokens.rotatedAt),
    sessionLive(refreshTokens.sessionId, now),
  );
  // The insert runs first, under the same condition, so both statements see the same state.
  const [, rotated] = await db.batch([
    db.insert(refreshTokens).select(
      db
        .select(newTokenRow(nextHash, refreshTokens.sessionId, now))
        .from(refreshTokens)
        .where(live),
    ),
    db
      .update(refreshTokens)
      .set({ rotatedAt: now, replacedBy: nextHash })
      .where(live)
      .returning({ tokenHash: refreshTokens.tokenHash }),
    extendSession(db, sessionId, nextHash, now, country),
  ]);
  return rotated.length > 0;
}

async function exchangeWithinGrace(
  db: Db,
  oldHash: string,
  sessionId: string,
  nextHash: string,
  now: number,
  country: string | null,
): Promise<boolean> {
  const graced = and(
    eq(presented.tokenHash, oldHash),
    eq(presented.sessionId, sessionId),
    gt(presented.rotatedAt, now - REFRESH_REUSE_GRACE_MS),
    isNull(successor.rotatedAt),
    sessionLive(presented.sessionId, now),
  );
  const itsSuccessor = eq(successor.tokenHash, presented.replacedBy);
  const [sibling] = await db.batch([
    db
      .insert(refreshTokens)
      .select(
        db
          .select(newTokenRow(nextHash, presented.sessionId, now))
          .from(presented)
          .innerJoin(successor, itsSuccessor)
          .where(graced),
      )
      .returning({ tokenHash: refreshTokens.tokenHash }),
    extendSession(db, sessionId, nextHash, now, country),
  ]);
  return sibling.length > 0;
}

/** Ends a session in D1 (its refresh tokens) and in KV (its access tokens). */
export async function revokeSession(db: Db, kv: KVNamespace, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await revokeSessionTokens(kv, [sessionId]);
}
