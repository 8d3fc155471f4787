import { fullName, type ExternalProfile } from "./provider";

/** Telegram's Login Widget data is good for a day after `auth_date`. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The bot's numeric id for the Login Widget: the part of the token before the colon, which
 * Telegram treats as public. Null when Telegram sign-in is not configured (or the token is not
 * shaped like a bot token, so no widget could work with it).
 */
export function telegramBotId(botToken: string | undefined): string | null {
  return botToken ? (/^(\d+):./.exec(botToken)?.[1] ?? null) : null;
}

export type TelegramCheck = { ok: true; profile: ExternalProfile } | { ok: false; reason: "forged" | "expired" };

const encoder = new TextEncoder();

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  return new Uint8Array(hex.match(/../g)!.map((byte) => parseInt(byte, 16)));
}

/**
 * Checks widget data exactly as Telegram documents it: the data-check-string is every received
 * field but `hash`, sorted by key, as `key=value` lines joined by "\n"; the key is SHA-256 of the
 * bot token; the data is genuine when HMAC-SHA256 of that string equals `hash`.
 * `crypto.subtle.verify` compares in constant time.
 */
export async function verifyTelegramLogin(
  botToken: string,
  fields: Record<string, string>,
  nowSeconds: number,
): Promise<TelegramCheck> {
  const { hash = "", ...data } = fields;
  const expected = hexToBytes(hash);
  if (!expected) return { ok: false, reason: "forged" };

  const dataCheckString = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join("\n");
  const secret = await crypto.subtle.digest("SHA-256", encoder.encode(botToken));
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  if (!(await crypto.subtle.verify("HMAC", key, expected, encoder.encode(dataCheckString))))
    return { ok: false, reason: "forged" };

  const authDate = Number(data.auth_date);
  if (!Number.isInteger(authDate) || nowSeconds - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS)
    return { ok: false, reason: "expired" };

  return {
    ok: true,
    profile: {
      providerUserId: data.id,
      email: null,
      emailVerified: false,
      name: fullName(data.first_name, data.last_name) ?? data.username ?? null,
    },
  };
}
