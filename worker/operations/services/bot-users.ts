import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { botSignals, identities, users, utmEvents } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { assertNotBlocked, createUser, type User } from "../../accounts/services/users";

export const BOT_PROVIDERS = ["tg", "vk"] as const;
export type BotProvider = (typeof BOT_PROVIDERS)[number];

export const BOT_USER_TEXTS = {
  notFound: "Пользователь не найден",
  badCredentials: "Неверный e-mail или пароль",
} as const;

export const publicBotUser = (user: User, created = false) => ({
  user_id: user.id,
  email: user.email,
  name: user.name,
  created,
});

/** The user linked to this bot account through `identities`, if any. */
export async function findBotUser(db: Db, provider: BotProvider, externalId: string): Promise<User | undefined> {
  const row = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.providerUserId, externalId)))
    .get();
  return row?.user;
}

/** The linked user: 404 when there is none, 403 when an admin blocked it (the bot says so). */
export async function requireBotUser(db: Db, provider: BotProvider, externalId: string): Promise<User> {
  const user = await findBotUser(db, provider, externalId);
  if (!user) throw ApiError.notFound(BOT_USER_TEXTS.notFound);
  assertNotBlocked(user);
  return user;
}

/**
 * The user of a bot account, created on first contact (with the start pack). The e-mail a bot
 * reports is unverified: it stays on the identity and never becomes the user's sign-in e-mail.
 */
export async function findOrCreateBotUser(
  db: Db,
  provider: BotProvider,
  externalId: string,
  profile: { name?: string; username?: string; email?: string },
): Promise<{ user: User; created: boolean }> {
  const existing = await findBotUser(db, provider, externalId);
  if (existing) {
    assertNotBlocked(existing);
    return { user: existing, created: false };
  }
  const user = await createUser(db, {
    email: null,
    name: profile.name ?? profile.username ?? null,
    passwordHash: null,
  });
  const linked = await db
    .insert(identities)
    .values({ userId: user.id, provider, providerUserId: externalId, email: profile.email ?? null })
    .onConflictDoNothing()
    .returning({ id: identities.id });
  if (linked.length > 0) return { user, created: true };
  // A parallel first contact of the same person won the unique index: theirs is the user.
  await db.delete(users).where(eq(users.id, user.id));
  return { user: await requireBotUser(db, provider, externalId), created: false };
}

/**
 * Links the bot account to a password account whose password the caller has just checked
 * (`checkPassword`). A bot account already linked elsewhere (its own first-contact user, say)
 * moves over; that user stays as it was. A blocked account is refused.
 */
export async function linkBotUser(db: Db, provider: BotProvider, externalId: string, user: User): Promise<User> {
  assertNotBlocked(user);
  await db
    .insert(identities)
    .values({ userId: user.id, provider, providerUserId: externalId, email: user.email })
    .onConflictDoUpdate({ target: [identities.provider, identities.providerUserId], set: { userId: user.id } });
  return user;
}

export type Utm = { source: string; medium?: string; campaign?: string; content?: string; term?: string };

export async function recordUtm(db: Db, userId: number, provider: BotProvider, utm: Utm): Promise<void> {
  await db.insert(utmEvents).values({ userId, channel: provider, ...utm });
}

/** Recorded even for a bot account nobody has created a user for yet (a block before /start). */
export async function recordSignal(
  db: Db,
  provider: BotProvider,
  externalId: string,
  signal: { kind: string; payload?: unknown },
): Promise<void> {
  const user = await findBotUser(db, provider, externalId);
  await db.insert(botSignals).values({
    userId: user?.id ?? null,
    provider,
    externalId,
    kind: signal.kind,
    payload: signal.payload === undefined ? null : JSON.stringify(signal.payload),
  });
}
