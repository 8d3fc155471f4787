import { and, eq, ne, sql } from "drizzle-orm";
import { newOpaqueToken, sha256Hex } from "../../accounts/services/opaque-tokens";
import type { User } from "../../accounts/services/users";
import type { Db } from "../../db/client";
import { botLinkTokens, identities, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { type BotProvider, findBotUser } from "./bot-users";

export const LINK_TOKEN_TTL_MS = 15 * 60 * 1000;

export const BOT_LINK_TEXTS = {
  unknownProvider: "Привязка по ссылке есть только для Telegram (tg)",
  invalid: "Ссылка для привязки Telegram недействительна: отправьте боту /link ещё раз",
  spent: "Ссылка для привязки Telegram устарела или уже использована: отправьте боту /link ещё раз",
  hasChats:
    "Этот Telegram уже связан с другим аккаунтом Ясно, в котором есть чаты: привязать его к этому аккаунту нельзя",
  notLinked: "Telegram не привязан к аккаунту",
  onlySignIn: "Нельзя отвязать Telegram: это единственный способ войти в аккаунт. Сначала задайте e-mail и пароль",
} as const;

/** The web page a bot's `/link` sends: `/link/telegram?token=…` (docs/product.md). */
export async function issueBotLinkToken(
  db: Db,
  appUrl: string,
  provider: BotProvider,
  externalId: string,
): Promise<{ url: string; expiresAt: number }> {
  const token = newOpaqueToken();
  const expiresAt = Date.now() + LINK_TOKEN_TTL_MS;
  await db.insert(botLinkTokens).values({ tokenHash: await sha256Hex(token), provider, externalId, expiresAt });
  const url = `${appUrl.replace(/\/+$/, "")}/link/telegram?token=${encodeURIComponent(token)}`;
  return { url, expiresAt };
}

/**
 * Joins the bot account a live link names to `user`. The bot account's own user (made by the bot on
 * first contact) gives it up only while it has no chats: chats are never merged across accounts, so
 * a bot account with chats answers 409 and the link stays unspent. One Telegram per account: a
 * Telegram linked before is replaced. Spending the link is one conditional UPDATE, so of two
 * parallel uses only one links.
 */
export async function linkByToken(db: Db, user: User, token: string): Promise<void> {
  const tokenHash = await sha256Hex(token);
  const link = await db.select().from(botLinkTokens).where(eq(botLinkTokens.tokenHash, tokenHash)).get();
  if (!link) throw ApiError.badRequest(BOT_LINK_TEXTS.invalid);
  const now = Date.now();
  if (link.usedAt !== null || link.expiresAt <= now) throw new ApiError(410, BOT_LINK_TEXTS.spent);
  const current = await findBotUser(db, link.provider, link.externalId);
  if (current && current.id !== user.id && (await hasTopics(db, current.id)))
    throw ApiError.conflict(BOT_LINK_TEXTS.hasChats);
  const [spent] = await db
    .update(botLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(botLinkTokens.tokenHash, tokenHash), sql`${botLinkTokens.usedAt} IS NULL`))
    .returning({ tokenHash: botLinkTokens.tokenHash });
  if (!spent) throw new ApiError(410, BOT_LINK_TEXTS.spent);
  if (current?.id === user.id) return;
  await db.batch([
    db
      .delete(identities)
      .where(
        and(
          eq(identities.userId, user.id),
          eq(identities.provider, link.provider),
          ne(identities.providerUserId, link.externalId),
        ),
      ),
    db
      .insert(identities)
      .values({ userId: user.id, provider: link.provider, providerUserId: link.externalId, email: user.email })
      .onConflictDoUpdate({ target: [identities.provider, identities.providerUserId], set: { userId: user.id } }),
  ]);
}

async function hasTopics(db: Db, userId: number): Promise<boolean> {
  const row = await db.select({ id: topics.id }).from(topics).where(eq(topics.userId, userId)).limit(1).get();
  return row !== undefined;
}

/** Whether the account has a Telegram linked (the bot's or the sign-in widget's: the same id). */
export async function hasTelegram(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: identities.id })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, "tg")))
    .get();
  return row !== undefined;
}

/**
 * Drops the account's Telegram. Refused when it is the only way in (no password, no e-mail to
 * recover one, no other sign-in service). The bot's next message then starts a fresh bot account.
 */
export async function unlinkTelegram(db: Db, user: User): Promise<void> {
  const own = await db
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, user.id))
    .all();
  if (!own.some((i) => i.provider === "tg")) throw ApiError.notFound(BOT_LINK_TEXTS.notLinked);
  const otherWayIn = user.passwordHash !== null || user.email !== null || own.some((i) => i.provider !== "tg");
  if (!otherWayIn) throw ApiError.conflict(BOT_LINK_TEXTS.onlySignIn);
  await db.delete(identities).where(and(eq(identities.userId, user.id), eq(identities.provider, "tg")));
}
