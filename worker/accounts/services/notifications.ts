import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { chunked, jsonList, JSON_LIST_CHUNK } from "../../db/chunks";
import type { Db } from "../../db/client";
import { notificationRecipients, notifications, users } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import type { Notice } from "../schemas";
import { enqueueBotNoticesQuery } from "../../operations/services/bot-notices";
import { sendMail } from "./mail";

/** The schema's maximum of `user_ids` and of `emails` in one send (docs/operations.md). */
export const MAX_RECIPIENTS = 10_000;

/** Everyone only when said so: an empty choice is never read as "all" (docs/operations.md). */
export type Audience = { target: "all" } | { userIds?: number[]; emails?: string[] };

export type NotificationInput = {
  title: string;
  text: string;
  audience: Audience;
  byEmail: boolean;
  /** The admin who sent it; null for the app's own notices (an invitation). */
  createdBy: number | null;
};

export type NoticeView = Notice;

export const NO_RECIPIENTS = 'Укажите получателей: user_ids или emails, либо target: "all" — всем пользователям';

/**
 * The chosen users' ids; every id or e-mail that names nobody is listed in one 422. Lists of any
 * length (up to MAX_RECIPIENTS) are read in JSON_LIST_CHUNK pieces, one bound parameter each.
 */
async function resolveChosen(db: Db, userIds: number[], emails: string[]): Promise<number[]> {
  const reads = [
    ...chunked(userIds, JSON_LIST_CHUNK).map((ids) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, jsonList(ids))),
    ),
    ...chunked(emails, JSON_LIST_CHUNK).map((list) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, jsonList(list))),
    ),
  ];
  const found = reads.length
    ? (await db.batch(reads as [(typeof reads)[number], ...(typeof reads)[number][]])).flat()
    : [];
  const knownIds = new Set(found.map((u) => u.id));
  const knownEmails = new Set(found.map((u) => u.email));
  const unknown = [
    ...userIds.filter((id) => !knownIds.has(id)).map(String),
    ...emails.filter((e) => !knownEmails.has(e)),
  ];
  if (unknown.length) throw new ApiError(422, `Пользователи не найдены: ${unknown.join(", ")}`);
  return [...knownIds];
}

/**
 * Writes the notice, one in-app row per recipient and the bot's deliveries in one batch (set-based:
 * INSERT … SELECT over `users`, for "all" at once, for the chosen ones a chunk at a time). The batch
 * runs as one transaction, so the scalar max(id) is the notice just inserted.
 */
export async function createNotification(
  db: Db,
  input: NotificationInput,
): Promise<{ id: number; recipients: number }> {
  const everyone = "target" in input.audience;
  const chosen =
    "target" in input.audience
      ? []
      : await resolveChosen(db, [...new Set(input.audience.userIds ?? [])], [...new Set(input.audience.emails ?? [])]);
  if (!everyone && chosen.length === 0) throw new ApiError(422, NO_RECIPIENTS);
  const recipientsOf = (ids: number[] | null) =>
    db.insert(notificationRecipients).select(
      db
        .select({
          notificationId: sql`(SELECT max(id) FROM notifications)`.as("notification_id"),
          userId: users.id,
          readAt: sql`NULL`.as("read_at"),
          emailedAt: sql`NULL`.as("emailed_at"),
        })
        .from(users)
        .where(ids === null ? undefined : inArray(users.id, jsonList(ids))),
    );
  const writes = everyone ? [recipientsOf(null)] : chunked(chosen, JSON_LIST_CHUNK).map(recipientsOf);
  const [inserted, ...written] = await db.batch([
    db
      .insert(notifications)
      .values({
        title: input.title,
        text: input.text,
        audience: everyone ? "all" : "users",
        byEmail: input.byEmail,
        createdBy: input.createdBy,
      })
      .returning({ id: notifications.id }),
    ...writes,
    // Telegram's copies, for the bot to send (docs/telegram.md "Admin notices in the chat").
    enqueueBotNoticesQuery(db),
  ]);
  const recipients = written.slice(0, writes.length).reduce((sum, r) => sum + r.meta.changes, 0);
  return { id: inserted[0]!.id, recipients };
}

/** The letters of a notice, one per recipient with an e-mail; run in the background. */
export async function mailNotification(env: Env, db: Db, notificationId: number): Promise<void> {
  const [notice] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!notice) return;
  const targets = await db
    .select({ userId: users.id, email: users.email })
    .from(notificationRecipients)
    .innerJoin(users, eq(users.id, notificationRecipients.userId))
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        isNull(notificationRecipients.emailedAt),
        isNotNull(users.email),
      ),
    );
  for (const target of targets) {
    await sendMail(env, db, {
      to: target.email!,
      subject: `«Ясно»: ${notice.title}`,
      text: `${notice.text}\n\n— Команда «Ясно»`,
    });
    await db
      .update(notificationRecipients)
      .set({ emailedAt: Date.now() })
      .where(
        and(
          eq(notificationRecipients.notificationId, notificationId),
          eq(notificationRecipients.userId, target.userId),
        ),
      );
  }
}

/** The user's notices, newest first, and how many are unread. */
export async function listNotices(
  db: Db,
  userId: number,
  unreadOnly: boolean,
): Promise<{ items: NoticeView[]; unread: number }> {
  const mine = eq(notificationRecipients.userId, userId);
  const [rows, [count]] = await db.batch([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        text: notifications.text,
        createdAt: notifications.createdAt,
        readAt: notificationRecipients.readAt,
      })
      .from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(unreadOnly ? and(mine, isNull(notificationRecipients.readAt)) : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(100),
    db
      .select({ unread: sql<number>`count(*)` })
      .from(notificationRecipients)
      .where(and(mine, isNull(notificationRecipients.readAt))),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      text: r.text,
      created_at: new Date(r.createdAt).toISOString(),
      read: r.readAt !== null,
    })),
    unread: count?.unread ?? 0,
  };
}

/** Marks one of the user's notices read; someone else's (or none) is 404. */
export async function markNoticeRead(db: Db, userId: number, notificationId: number): Promise<void> {
  const rows = await db
    .update(notificationRecipients)
    .set({ readAt: sql`coalesce(${notificationRecipients.readAt}, ${Date.now()})` })
    .where(and(eq(notificationRecipients.userId, userId), eq(notificationRecipients.notificationId, notificationId)))
    .returning({ id: notificationRecipients.notificationId });
  if (!rows.length) throw ApiError.notFound("Уведомление не найдено");
}

export async function markAllNoticesRead(db: Db, userId: number): Promise<number> {
  const result = await db
    .update(notificationRecipients)
    .set({ readAt: Date.now() })
    .where(and(eq(notificationRecipients.userId, userId), isNull(notificationRecipients.readAt)));
  return result.meta.changes;
}
