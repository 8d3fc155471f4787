import { timingSafeEqual } from "node:crypto";
import { BotError } from "grammy";
import type { Update } from "grammy/types";
import { createBot } from "./bot";
import type { BotEnv } from "./env";
import { texts } from "./texts";

export const WEBHOOK_PATH = "/telegram/webhook";
/** Telegram retries an update for a while; a day covers its retries. */
const SEEN_TTL_SECONDS = 86_400;

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/** Constant-time comparison, so the secret cannot be guessed byte by byte from timings. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  if (a.byteLength !== b.byteLength) return false;
  return timingSafeEqual(a, b);
}

/**
 * Telegram's POST of one update. The update is handled before the answer, not in waitUntil: a
 * reply streams for longer than waitUntil's 30 s would allow, and Telegram holds the chat's next
 * updates until this one is answered, so they come in order.
 */
export async function handleWebhook(request: Request, env: BotEnv): Promise<Response> {
  const url = new URL(request.url);
  if (!env.TELEGRAM_BOT_TOKEN || url.pathname.replace(/\/$/, "") !== WEBHOOK_PATH) return plain(404, "Не найдено");
  if (request.method !== "POST") return plain(405, "Только POST");
  const given = request.headers.get("x-telegram-bot-api-secret-token") ?? "";
  if (!env.TELEGRAM_WEBHOOK_SECRET || !sameSecret(given, env.TELEGRAM_WEBHOOK_SECRET))
    return plain(401, "Неверный секрет вебхука");
  let update: Update;
  try {
    update = (await request.json()) as Update;
  } catch {
    return plain(400, "Ожидался JSON с обновлением Telegram");
  }
  if (typeof update?.update_id !== "number") return plain(400, "Ожидался JSON с обновлением Telegram");
  // Marked before it is handled, so a retry that arrives mid-reply is not answered a second time.
  const seenKey = `tg:update:${update.update_id}`;
  if (await env.KV.get(seenKey)) return plain(200, "ok");
  await env.KV.put(seenKey, "1", { expirationTtl: SEEN_TTL_SECONDS });
  try {
    await createBot(env).handleUpdate(update);
  } catch (err) {
    // Anything unexpected: logged for Workers Logs, a short Russian message in the chat (never silence),
    // and a 200, since Telegram retrying the update would not change the answer.
    console.error(JSON.stringify({ level: "error", msg: "telegram update failed", err: String(err) }));
    if (err instanceof BotError && err.ctx.chat) await err.ctx.reply(texts.failed).catch(() => {});
  }
  return plain(200, "ok");
}
