import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recoveryTokens } from "../../db/schema";
import type { Env } from "../../env";
import { sendMail } from "./mail";
import { newOpaqueToken, sha256Hex } from "./opaque-tokens";
import { findUserByEmail } from "./users";

export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RECOVERY_INVALID = "Ссылка для восстановления недействительна или устарела";

/** When the account exists: a one-hour, one-use link by mail. Says nothing either way. */
export async function requestPasswordRecovery(env: Env, db: Db, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.email) return;
  const token = newOpaqueToken();
  await db
    .insert(recoveryTokens)
    .values({ tokenHash: await sha256Hex(token), userId: user.id, expiresAt: Date.now() + RECOVERY_TOKEN_TTL_MS });
  await sendMail(env, db, recoveryMail(env.APP_URL, user.email, user.name, token), { secrets: [token] });
}

export function recoveryMail(appUrl: string, to: string, name: string | null, token: string) {
  const link = `${appUrl.replace(/\/+$/, "")}/recovery/${token}`;
  const greeting = name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
  const text = [
    greeting,
    "",
    "Вы запросили восстановление пароля в «Ясно». Чтобы задать новый пароль, откройте ссылку:",
    link,
    "",
    "Ссылка действует один час и только один раз.",
    "Если вы не запрашивали восстановление, просто проигнорируйте это письмо: пароль останется прежним.",
  ].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Вы запросили восстановление пароля в «Ясно». Чтобы задать новый пароль, нажмите на ссылку:</p>
<p><a href="${escapeHtml(link)}">Задать новый пароль</a></p>
<p>Ссылка действует один час и&nbsp;только один раз.</p>
<p>Если вы не запрашивали восстановление, просто проигнорируйте это письмо: пароль останется прежним.</p>`;
  return { to, subject: "Восстановление пароля в «Ясно»", text, html };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Spends a recovery token: one conditional UPDATE, so of two parallel uses only one gets the user
 * id back. Unknown, used and expired tokens all give null.
 */
export async function consumeRecoveryToken(db: Db, token: string): Promise<number | null> {
  const now = Date.now();
  const [row] = await db
    .update(recoveryTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryTokens.tokenHash, await sha256Hex(token)),
        isNull(recoveryTokens.usedAt),
        gt(recoveryTokens.expiresAt, now),
      ),
    )
    .returning({ userId: recoveryTokens.userId });
  return row?.userId ?? null;
}

/** After a successful recovery the user's other outstanding links are spent too. */
export async function spendAllRecoveryTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(recoveryTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(recoveryTokens.userId, userId), isNull(recoveryTokens.usedAt)));
}
