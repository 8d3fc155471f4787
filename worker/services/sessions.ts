import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens, sessions } from "../db/schema";
import { newOpaqueToken, sha256Hex } from "./opaque-tokens";
import { REFRESH_TOKEN_TTL_MS } from "./tokens";

/** One sign-in on one device: a session row and the first refresh token of its family. */
export async function createSession(db: Db, userId: number, userAgent?: string | null): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newOpaqueToken();
  await db.batch([
    db.insert(sessions).values({ id: sessionId, userId, expiresAt: Date.now() + REFRESH_TOKEN_TTL_MS, userAgent: userAgent?.slice(0, 300) ?? null }),
    db.insert(refreshTokens).values({ tokenHash: await sha256Hex(refreshToken), sessionId }),
  ]);
  return { sessionId, refreshToken };
}

export type Rotation =
  | { ok: true; userId: number; refreshToken: string }
  | { ok: false; reason: "reused" | "invalid" };

/**
 * Exchanges a refresh token of session `sessionId` for the next one. The old token is retired by
 * one conditional UPDATE (`rotated_at IS NULL` on a live session); the batch is one transaction,
 * so of two parallel calls with the same token exactly one wins. A token that was already
 * rotated is theft or a replay: its whole family (the session) is revoked.
 */
export async function rotateRefreshToken(db: Db, presented: string, sessionId: string): Promise<Rotation> {
  const now = Date.now();
  const oldHash = await sha256Hex(presented);
  const next = newOpaqueToken();
  const nextHash = await sha256Hex(next);
  const live = and(
    eq(refreshTokens.tokenHash, oldHash),
    eq(refreshTokens.sessionId, sessionId),
    isNull(refreshTokens.rotatedAt),
    sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${refreshTokens.sessionId} AND ${sessions.revokedAt} IS NULL AND ${sessions.expiresAt} > ${now})`,
  );
  // The insert runs first, under the same condition, so both statements see the same state.
  const [, rotated] = await db.batch([
    db.insert(refreshTokens).select(
      db
        .select({ tokenHash: sql<string>`${nextHash}`.as("token_hash"), sessionId: refreshTokens.sessionId, createdAt: sql<number>`${now}`.as("created_at"), rotatedAt: sql<null>`NULL`.as("rotated_at") })
        .from(refreshTokens)
        .where(live),
    ),
    db.update(refreshTokens).set({ rotatedAt: now }).where(live).returning({ sessionId: refreshTokens.sessionId }),
    // Sliding lifetime: a session ends after 30 days without a refresh.
    db
      .update(sessions)
      .set({ expiresAt: now + REFRESH_TOKEN_TTL_MS })
      .where(and(eq(sessions.id, sessionId), sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.tokenHash} = ${nextHash})`)),
  ]);
  if (rotated[0]) {
    const session = await db.query.sessions.findFirst({ columns: { userId: true }, where: eq(sessions.id, sessionId) });
    if (session) return { ok: true, userId: session.userId, refreshToken: next };
  }

  const known = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, oldHash) });
  if (known?.rotatedAt != null) {
    await revokeSession(db, known.sessionId);
    return { ok: false, reason: "reused" };
  }
  return { ok: false, reason: "invalid" };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: Date.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

