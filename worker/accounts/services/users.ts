import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, type User, users } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { startPackForNewUser } from "../../billing/services/limits";
import { consentStatement } from "./legal";
import { verifyPassword } from "./passwords";
import { forgetAccount, recentAccount, rememberAccount } from "./account-cache";
import { revokeUserTokens } from "./revocations";

export type { User };

export const EMAIL_TAKEN = "Пользователь с данным email уже зарегистрирован";
export const ACCOUNT_BLOCKED = "Аккаунт заблокирован. Обратитесь в поддержку";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: users\.email/.test(String(err.message) + String(err.cause ?? ""));

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * The user behind an access token, checked in D1 itself: only while the token's session is live
 * (not revoked, not expired), the token's version is the user's current one and the user is not
 * blocked. One D1 read (two primary-key lookups joined). The request path checks KV instead
 * (revocations.ts); this is for the few reads that must see D1 (the account's export, a token
 * signed without its history shard).
 */
export async function findSessionUser(db: Db, token: SessionToken): Promise<User | undefined> {
  const [row] = await sessionUserQuery(db, token);
  return row?.user;
}

export type SessionToken = { userId: number; sid: string; ver: number };

/** findSessionUser's D1 read. */
export function sessionUserQuery(db: Db, token: SessionToken) {
  return db
    .select({ user: users, sessionExpiresAt: sessions.expiresAt })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, token.sid), eq(sessions.userId, users.id)))
    .where(
      and(
        eq(users.id, token.userId),
        eq(users.tokenVersion, token.ver),
        isNull(users.blockedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, Date.now()),
      ),
    );
}

/**
 * The row of a user whose token KV has passed, for a route that shows or changes it: one D1 read
 * by primary key, or with `trustRecent` (reads) this isolate's copy of the last few seconds
 * (account-cache.ts). Undefined when the row no longer matches the token (another version, blocked, gone).
 */
export async function accountOf(
  db: Db,
  token: { userId: number; ver: number },
  { trustRecent = false } = {},
): Promise<User | undefined> {
  const recent = trustRecent ? recentAccount(token.userId, token.ver) : undefined;
  if (recent) return recent;
  const user = await db.query.users.findFirst({
    where: and(eq(users.id, token.userId), eq(users.tokenVersion, token.ver), isNull(users.blockedAt)),
  });
  if (user) rememberAccount(user);
  return user;
}

// Verified against when the e-mail is unknown or has no password, so a miss costs the same scrypt
// work as a hit and timing does not reveal which accounts exist. Not a secret.
const DUMMY_HASH = "scrypt$N=16384,r=8,p=5$Zgb5uyrKIeRjXf9uxHMq8g==$GTqM5h9mB2lR5lkCLLr4gK8d52LXAovXmQNXODp9mOk=";

/**
 * The user with this e-mail and password, or null: an unknown e-mail, a password-less account and
 * a wrong password cost the same scrypt work and look the same.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return user?.passwordHash && matches ? user : null;
}

/** 403 for a blocked account. Call it only once the caller proved who they are (password, token). */
export function assertNotBlocked(user: Pick<User, "blockedAt">): void {
  if (user.blockedAt !== null) throw ApiError.forbidden(ACCOUNT_BLOCKED);
}

/**
 * Throws 409 EMAIL_TAKEN when the e-mail belongs to someone (race-safe: the unique index decides).
 * The caller tells an invited e-mail of its invitations (companies' noticePendingInvitations) once
 * the account is really made, so accounts never depend on companies.
 */
export async function createUser(
  db: Db,
  input: {
    email: string | null;
    name: string | null;
    passwordHash: string | null;
    utm?: Record<string, string> | null;
    consent?: boolean;
  },
): Promise<User> {
  const email = input.email === null ? null : normalizeEmail(input.email);
  // Consent given at registration is stored with the user, in the same transaction (docs/legal.md).
  const consent =
    input.consent && email ? [consentStatement(db, sql`(SELECT id FROM users WHERE email = ${email})`)] : [];
  try {
    // The start pack goes in the same batch: a user never exists without it.
    const [, [user]] = await db.batch([
      db.insert(users).values({
        email,
        name: input.name,
        passwordHash: input.passwordHash,
        utm: input.utm ? JSON.stringify(input.utm) : null,
      }),
      // A trigger places the user in a history shard after the insert (RETURNING would not see
      // it): the row as it ends up, whose shard the first access token carries.
      db.select().from(users).where(sql`${users.id} = last_insert_rowid()`),
      startPackForNewUser(db),
      ...consent,
    ]);
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
    forgetAccount(id);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Silent hash upgrade at login: same password, current parameters; sessions are untouched. */
export async function replacePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
  forgetAccount(id);
}

const endSessions = (db: Db, userId: number, now: number, keepSessionId: string | null = null) =>
  db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : []),
      ),
    );

/**
 * A new password: bumps the token version (every access token issued so far stops working) and
 * ends every session except `keepSessionId` (the caller of a password change stays signed in).
 * Returns the new token version.
 */
export async function changePassword(
  db: Db,
  kv: KVNamespace,
  id: number,
  passwordHash: string,
  keepSessionId: string | null,
): Promise<number> {
  const now = Date.now();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, id))
      .returning({ tokenVersion: users.tokenVersion }),
    endSessions(db, id, now, keepSessionId),
  ]);
  forgetAccount(id);
  if (!updated[0]) throw ApiError.notFound("Пользователь не найден");
  await revokeUserTokens(kv, id, updated[0].tokenVersion);
  return updated[0].tokenVersion;
}

/**
 * An admin's block: every session ends and the token version moves on, in one batch, so no token
 * of the user works from the next request on; sign-in and refresh answer 403 until the unblock.
 * Blocking again keeps the first time. Returns the user, or undefined for an unknown id.
 */
export async function blockUser(db: Db, kv: KVNamespace, id: number): Promise<User | undefined> {
  const now = Date.now();
  const [[user]] = await db.batch([
    db
      .update(users)
      .set({
        blockedAt: sql`COALESCE(${users.blockedAt}, ${now})`,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning(),
    endSessions(db, id, now),
  ]);
  forgetAccount(id);
  if (user) await revokeUserTokens(kv, id, user.tokenVersion);
  return user;
}

/** Lifts a block; the ended sessions stay ended, the user signs in again. */
export async function unblockUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ blockedAt: null, updatedAt: Date.now() })
    .where(eq(users.id, id))
    .returning();
  return user;
}
