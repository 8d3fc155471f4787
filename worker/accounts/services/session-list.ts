import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { deviceName } from "./devices";
import { revokeSessionTokens } from "./revocations";

export const SESSION_NOT_FOUND = "Сеанс не найден";

const live = (userId: number, now: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** The user's live sessions, the last used first: device, country, last use, and which is the caller's. */
export async function listSessions(db: Db, userId: number, currentSid: string) {
  const lastUsed = sql<number>`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`;
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastUsedAt: lastUsed,
    })
    .from(sessions)
    .where(live(userId, Date.now()))
    .orderBy(desc(lastUsed), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    country: row.country,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: new Date(row.lastUsedAt).toISOString(),
    current: row.id === currentSid,
  }));
}

/** Ends one of the user's sessions, in D1 and in KV; 404 for one not theirs, or ended already. */
export async function endSession(db: Db, kv: KVNamespace, userId: number, sessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(sessions.id, sessionId), live(userId, Date.now())))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw ApiError.notFound(SESSION_NOT_FOUND);
  await revokeSessionTokens(kv, [sessionId]);
}

/** «Завершить другие сеансы»: every live session of the user but `keepSid`; the number ended. */
export async function endOtherSessions(db: Db, kv: KVNamespace, userId: number, keepSid: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(live(userId, Date.now()), ne(sessions.id, keepSid)))
    .returning({ id: sessions.id });
  await revokeSessionTokens(
    kv,
    ended.map((row) => row.id),
  );
  return ended.length;
}
