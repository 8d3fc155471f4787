import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneTimeCodes } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { sendMail } from "./mail";
import type { User } from "./users";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_HAS_PASSWORD = "У аккаунта есть пароль: подтвердите изменение текущим паролем";
export const CODE_NO_EMAIL =
  "У аккаунта нет e-mail, на который можно отправить код: войдите заново, чтобы подтвердить изменение";
export const CODE_SENT = "Мы отправили код на ваш e-mail";

/** Six decimal digits, uniform (values past the last whole million are drawn again). */
function newCode(): string {
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < 4_294_000_000) return String(n! % 1_000_000).padStart(6, "0");
  }
}

/**
 * A million codes are guessed offline from a plain hash in no time, so the stored form is an
 * HMAC keyed with the Worker's JWT_SECRET: a copy of the database alone reveals nothing.
 */
async function codeHash(env: Env, userId: number, code: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.JWT_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`one-time-code:${userId}:${code}`)),
  );
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Mails a fresh code to an account without a password, replacing any earlier one: valid
 * CODE_TTL_MS, CODE_MAX_ATTEMPTS tries, one use. Accounts with a password prove themselves with it.
 */
export async function issueOneTimeCode(env: Env, db: Db, user: User): Promise<{ send: () => Promise<unknown> }> {
  if (user.passwordHash) throw ApiError.badRequest(CODE_HAS_PASSWORD);
  const email = user.email;
  if (!email) throw ApiError.badRequest(CODE_NO_EMAIL);
  const code = newCode();
  const row = {
    codeHash: await codeHash(env, user.id, code),
    expiresAt: Date.now() + CODE_TTL_MS,
    attempts: 0,
    usedAt: null,
    createdAt: Date.now(),
  };
  await db
    .insert(oneTimeCodes)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: oneTimeCodes.userId, set: row });
  return { send: () => sendMail(env, db, codeMail(email, user.name, code), { secrets: [code] }) };
}

function codeMail(to: string, name: string | null, code: string) {
  const greeting = name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
  const text = [
    greeting,
    "",
    `Код для подтверждения изменений в аккаунте «Ясно»: ${code}`,
    "",
    "Код действует 10 минут и только один раз.",
    "Если вы ничего не меняли, никому не сообщайте код и просто проигнорируйте это письмо.",
  ].join("\n");
  return { to, subject: "Код подтверждения «Ясно»", text };
}

/**
 * Tries a code: one UPDATE counts the attempt and, when the code matches, spends it, so parallel
 * tries cannot spend it twice nor pass the attempt limit. True only for the right live code.
 */
export async function spendOneTimeCode(env: Env, db: Db, userId: number, code: string): Promise<boolean> {
  const now = Date.now();
  const hash = await codeHash(env, userId, code.trim());
  const [row] = await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      usedAt: sql`CASE WHEN ${oneTimeCodes.codeHash} = ${hash} THEN ${now} ELSE NULL END`,
    })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ usedAt: oneTimeCodes.usedAt });
  return row?.usedAt != null;
}
