import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { ApiError } from "../errors";
import { joinInvitedCompanies } from "./companies";
import { startPackForNewUser } from "./limits";

export type User = typeof users.$inferSelect;

export const EMAIL_TAKEN = "Пользователь с данным email уже зарегистрирован";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const isUniqueViolation = (err: unknown) => err instanceof Error && /UNIQUE constraint failed: users\.email/.test(String(err.message) + String(err.cause ?? ""));

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Throws 409 EMAIL_TAKEN when the e-mail belongs to someone (race-safe: the unique index decides). */
export async function createUser(
  db: Db,
  input: { email: string | null; name: string | null; passwordHash: string | null; utm?: Record<string, string> | null },
): Promise<User> {
  try {
    // The start pack goes in the same batch: a user never exists without it.
    const [[user]] = await db.batch([
      db
        .insert(users)
        .values({
          email: input.email === null ? null : normalizeEmail(input.email),
          name: input.name,
          passwordHash: input.passwordHash,
          utm: input.utm ? JSON.stringify(input.utm) : null,
        })
        .returning(),
      startPackForNewUser(db),
    ]);
    // Right after: an invited e-mail joins its companies on registration, whichever way it signed up.
    if (user!.email) await joinInvitedCompanies(db, user!.id, user!.email);
    return user!;
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Changes e-mail and/or name; 409 EMAIL_TAKEN when the new e-mail is someone else's. */
export async function updateProfile(db: Db, id: number, changes: { email?: string; name?: string }): Promise<User> {
  try {
    const [user] = await db
      .update(users)
      .set({
        ...(changes.email !== undefined && { email: normalizeEmail(changes.email) }),
        ...(changes.name !== undefined && { name: changes.name }),
        updatedAt: Date.now(),
      })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw ApiError.notFound("Пользователь не найден");
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Silent hash upgrade at login: same password, current parameters; sessions are untouched. */
export async function replacePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/**
 * A new password: bumps the token version (every access token issued so far stops working) and
 * ends every session except `keepSessionId` (the caller of a password change stays signed in).
 * Returns the new token version.
 */
export async function changePassword(db: Db, id: number, passwordHash: string, keepSessionId: string | null): Promise<number> {
  const now = Date.now();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id))
      .returning({ tokenVersion: users.tokenVersion }),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(eq(sessions.userId, id), sql`${sessions.revokedAt} IS NULL`, ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : [])),
      ),
  ]);
  if (!updated[0]) throw ApiError.notFound("Пользователь не найден");
  return updated[0].tokenVersion;
}
