import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { forgetAccount } from "./account-cache";
import type { Db } from "../../db/client";
import { emailChanges, recoveryTokens, users } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { sendMail } from "./mail";
import { newOpaqueToken, sha256Hex } from "./opaque-tokens";
import { EMAIL_TAKEN, findUserByEmail, type User } from "./users";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_INVALID = "Ссылка для смены e-mail недействительна или устарела";
export const EMAIL_CHANGED = "E-mail изменён";

const isEmailTaken = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: users\.email/.test(String(err.message) + String(err.cause ?? ""));

/**
 * Records a change to `newEmail` (256-bit token, SHA-256 stored, 24 hours, one use) and gives back
 * the letters to send: the link to the new address, a notice to the old one. The address stays as
 * it was until the link is opened. 409 when the address already belongs to another account.
 */
export async function requestEmailChange(
  env: Env,
  db: Db,
  user: User,
  newEmail: string,
): Promise<{ send: () => Promise<unknown> }> {
  const owner = await findUserByEmail(db, newEmail);
  if (owner && owner.id !== user.id) throw ApiError.conflict(EMAIL_TAKEN);
  const token = newOpaqueToken();
  await db.insert(emailChanges).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    newEmail,
    expiresAt: Date.now() + EMAIL_CHANGE_TTL_MS,
  });
  const link = new URL(`/email/confirm/${token}`, env.APP_URL).toString();
  const greeting = user.name ? `Здравствуйте, ${user.name}!` : "Здравствуйте!";
  const confirm = {
    to: newEmail,
    subject: "Подтвердите новый e-mail в «Ясно»",
    text: [
      greeting,
      "",
      "Этот адрес указали как новый e-mail аккаунта в «Ясно». Чтобы подтвердить его, откройте ссылку:",
      link,
      "",
      "Ссылка действует 24 часа и только один раз.",
      "Если это были не вы, просто проигнорируйте письмо: адрес не будет привязан.",
    ].join("\n"),
  };
  const old = user.email;
  const notice = old && {
    to: old,
    subject: "Запрошена смена e-mail в «Ясно»",
    text: [
      greeting,
      "",
      `В вашем аккаунте «Ясно» запросили смену e-mail на ${newEmail}. Адрес сменится, только когда по ссылке из ` +
        `письма на новый адрес перейдут.`,
      "",
      "Если это были не вы, смените пароль и напишите в поддержку.",
    ].join("\n"),
  };
  return {
    send: () => Promise.all([sendMail(env, db, confirm, { secrets: [token] }), notice && sendMail(env, db, notice)]),
  };
}

/**
 * Applies the change behind a link: in one batch (a D1 transaction) it spends every pending change
 * of the user, sets the address (only if this very token was spent just now, so of two parallel
 * uses one applies it) and spends the user's recovery links, which were mailed to the old address.
 * 400 for an unknown, used or expired link; 409, with nothing spent, when the address was taken
 * meanwhile. Gives back the user and the old address, to be told.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<{ user: User; oldEmail: string | null }> {
  const now = Date.now();
  const hash = await sha256Hex(token);
  const pending = await db.query.emailChanges.findFirst({
    where: and(eq(emailChanges.tokenHash, hash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)),
  });
  if (!pending) throw ApiError.badRequest(EMAIL_CHANGE_INVALID);
  const before = await db.query.users.findFirst({ where: eq(users.id, pending.userId) });
  if (!before) throw ApiError.badRequest(EMAIL_CHANGE_INVALID);
  try {
    const [, [user]] = await db.batch([
      db
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.userId, pending.userId), isNull(emailChanges.usedAt))),
      db
        .update(users)
        .set({ email: pending.newEmail, updatedAt: now })
        .where(
          and(
            eq(users.id, pending.userId),
            sql`EXISTS (SELECT 1 FROM ${emailChanges} WHERE ${emailChanges.tokenHash} = ${hash} AND ${emailChanges.usedAt} = ${now})`,
          ),
        )
        .returning(),
      db
        .update(recoveryTokens)
        .set({ usedAt: now })
        .where(and(eq(recoveryTokens.userId, pending.userId), isNull(recoveryTokens.usedAt))),
    ]);
    if (!user) throw ApiError.badRequest(EMAIL_CHANGE_INVALID);
    forgetAccount(pending.userId);
    return { user, oldEmail: before.email };
  } catch (err) {
    if (isEmailTaken(err)) throw ApiError.conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Tells the old address that the change is done. */
export function emailChangedNotice(env: Env, db: Db, oldEmail: string, user: User) {
  const greeting = user.name ? `Здравствуйте, ${user.name}!` : "Здравствуйте!";
  return sendMail(env, db, {
    to: oldEmail,
    subject: "E-mail аккаунта «Ясно» изменён",
    text: [
      greeting,
      "",
      `E-mail вашего аккаунта «Ясно» изменён на ${user.email}. Письма теперь приходят туда.`,
      "",
      "Если это были не вы, напишите в поддержку.",
    ].join("\n"),
  });
}
