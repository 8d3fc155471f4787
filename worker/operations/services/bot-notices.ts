import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chunked } from "../../db/chunks";
import { batchableRun } from "../../db/raw";
import { botNoticeDeliveries, botSignals, identities, notificationRecipients } from "../../db/schema";
import type { BotProvider } from "./bot-users";

/** The most a bot claims at once: it sends them at Telegram's pace before the next tick (docs/telegram.md). */
export const MAX_NOTICE_CLAIM = 500;
/** A delivery Telegram refused for a while (429, a 5xx, the network) is tried again, at most this often. */
export const MAX_NOTICE_ATTEMPTS = 3;

export const NOTICE_OUTCOMES = ["sent", "blocked", "failed", "retry"] as const;
export type NoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

export type ClaimedNotice = {
  notification_id: number;
  user_id: number;
  external_id: string;
  title: string;
  text: string;
};

/**
 * The notice just written (the batch's max(id), as createNotification's recipients) queued for every
 * recipient linked to Telegram: one statement for the batch that writes the notice, so a notice and
 * its deliveries are written together or not at all.
 */
export function enqueueBotNoticesQuery(db: Db) {
  return db.insert(botNoticeDeliveries).select(
    db
      .select({
        notificationId: notificationRecipients.notificationId,
        userId: notificationRecipients.userId,
        provider: identities.provider,
        state: sql`'pending'`.as("state"),
        attempts: sql`0`.as("attempts"),
        updatedAt: sql`(unixepoch('subsec') * 1000)`.as("updated_at"),
      })
      .from(notificationRecipients)
      .innerJoin(identities, and(eq(identities.userId, notificationRecipients.userId), eq(identities.provider, "tg")))
      .where(sql`${notificationRecipients.notificationId} = (SELECT max(id) FROM notifications)`),
  );
}

/**
 * The head of the queue: the first `limit` pending deliveries of the provider, oldest notice first. The
 * rowids keep the claim one statement (D1 has no interactive transactions).
 */
const headOf = (provider: BotProvider, limit: number) => sql`rowid IN (
  SELECT rowid FROM bot_notice_deliveries WHERE provider = ${provider} AND state = 'pending'
  ORDER BY notification_id, user_id LIMIT ${limit})`;

/**
 * A delivery nobody should get now: the account is blocked by an admin, it is no longer linked to the
 * bot, or the person's last «block», «unblock» or «start» is a «block». «start» counts: a Telegram linked
 * by the Login Widget that never started the bot gets a 403 (recorded as a block) until it does.
 */
const unreachable = sql`(
  EXISTS (SELECT 1 FROM users u WHERE u.id = bot_notice_deliveries.user_id AND u.blocked_at IS NOT NULL)
  OR NOT EXISTS (SELECT 1 FROM identities i
    WHERE i.user_id = bot_notice_deliveries.user_id AND i.provider = bot_notice_deliveries.provider)
  OR coalesce((SELECT s.kind FROM identities i
    JOIN bot_signals s ON s.provider = i.provider AND s.external_id = i.provider_user_id
    WHERE i.user_id = bot_notice_deliveries.user_id AND i.provider = bot_notice_deliveries.provider
      AND s.kind IN ('block', 'unblock', 'start')
    ORDER BY s.id DESC LIMIT 1), '') = 'block')`;

/**
 * Claims the next batch for the bot to send, in one D1 batch (one transaction): the unreachable ones at
 * the head are skipped, the rest become `sending`, so two ticks never get the same delivery. A claimed one
 * is never claimed again unless the bot gives it back (`retry`): none is sent twice.
 */
export async function claimBotNotices(db: Db, provider: BotProvider, limit: number): Promise<ClaimedNotice[]> {
  const now = Date.now();
  const [, claimed] = await db.batch([
    batchableRun(
      db,
      sql`UPDATE bot_notice_deliveries SET state = 'skipped', updated_at = ${now}
        WHERE ${headOf(provider, limit)} AND ${unreachable}`,
    ),
    batchableRun(
      db,
      sql`UPDATE bot_notice_deliveries SET state = 'sending', attempts = attempts + 1, updated_at = ${now}
        WHERE ${headOf(provider, limit)} AND NOT ${unreachable}
        RETURNING notification_id, user_id`,
    ),
  ]);
  const keys = (claimed.results ?? []) as { notification_id: number; user_id: number }[];
  if (keys.length === 0) return [];
  const pairs = JSON.stringify(keys.map((k) => [k.notification_id, k.user_id]));
  // From the claimed pairs outwards, so each is a lookup by primary key and index.
  return db.all<ClaimedNotice>(sql`
    SELECT n.id AS notification_id, i.user_id, i.provider_user_id AS external_id, n.title, n.text
    FROM json_each(${pairs}) k
    JOIN notifications n ON n.id = json_extract(k.value, '$[0]')
    JOIN identities i ON i.user_id = json_extract(k.value, '$[1]') AND i.provider = ${provider}
    ORDER BY n.id, i.user_id`);
}

export type NoticeResult = { notification_id: number; user_id: number; outcome: NoticeOutcome };

/**
 * What became of the claimed deliveries. `blocked` (Telegram's 403) also records the «block» signal, as
 * if the person had blocked the bot in the chat, so later notices skip them until an «unblock»; `retry`
 * puts a delivery back in the queue until MAX_NOTICE_ATTEMPTS, then it is `failed`.
 */
export async function recordBotNoticeResults(db: Db, provider: BotProvider, results: NoticeResult[]): Promise<void> {
  const now = Date.now();
  // The deliveries of the list that this provider's bot holds (claimed, not yet reported).
  const claimedOf = (list: NoticeResult[], column: "rowid" | "user_id") =>
    sql`(SELECT ${sql.raw(`d.${column}`)} FROM bot_notice_deliveries d
      JOIN json_each(${JSON.stringify(list.map((r) => [r.notification_id, r.user_id]))}) k
        ON d.notification_id = json_extract(k.value, '$[0]') AND d.user_id = json_extract(k.value, '$[1]')
      WHERE d.provider = ${provider} AND d.state = 'sending')`;
  // The «block» first, while its deliveries are still `sending`: a result reported twice records none.
  const signals = chunked(
    results.filter((r) => r.outcome === "blocked"),
    1000,
  ).map((part) =>
    db.insert(botSignals).select(
      db
        .select({
          id: sql`NULL`.as("id"),
          userId: identities.userId,
          provider: identities.provider,
          externalId: identities.providerUserId,
          kind: sql`'block'`.as("kind"),
          payload: sql`'{"reason":"notice"}'`.as("payload"),
          createdAt: sql`${now}`.as("created_at"),
        })
        .from(identities)
        .where(and(eq(identities.provider, provider), inArray(identities.userId, claimedOf(part, "user_id")))),
    ),
  );
  const states = NOTICE_OUTCOMES.flatMap((outcome) => {
    const list = results.filter((r) => r.outcome === outcome);
    const state =
      outcome === "retry"
        ? sql`CASE WHEN attempts < ${MAX_NOTICE_ATTEMPTS} THEN 'pending' ELSE 'failed' END`
        : sql`${outcome}`;
    return chunked(list, 1000).map((part) =>
      batchableRun(
        db,
        sql`UPDATE bot_notice_deliveries SET state = ${state}, updated_at = ${now}
          WHERE rowid IN ${claimedOf(part, "rowid")}`,
      ),
    );
  });
  const all = [...signals, ...states];
  if (all.length) await db.batch(all as [(typeof all)[number], ...(typeof all)[number][]]);
}
