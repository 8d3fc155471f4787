import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { jsonBodyLimit } from "../../http/body-limit";

/**
 * Telegram's webhook on the app's URL, passed on as it came to the bot's own Worker (worker/telegram,
 * docs/telegram.md), which checks Telegram's secret header and answers. An update is a few KB: the
 * JSON body limit holds it as any other.
 */
export const telegramWebhook = new Hono<AppEnv>({ strict: false }).post("/webhook", jsonBodyLimit, (c) =>
  c.env.TELEGRAM_BOT.fetch(c.req.raw),
);
