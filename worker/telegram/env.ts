/** What the bot's Worker is given (worker/telegram/wrangler.toml and its secrets). */
export type BotEnv = {
  /** The bot's token from @BotFather; without it the webhook answers 404. */
  TELEGRAM_BOT_TOKEN?: string;
  /** Telegram sends it back in X-Telegram-Bot-Api-Secret-Token (set with the webhook). */
  TELEGRAM_WEBHOOK_SECRET?: string;
  TELEGRAM_API_ROOT?: string;
  /** The web app's URL, for links to its pages (a cited article's); without it the sources are not links. */
  APP_URL?: string;
  TELEGRAM_BOT_USERNAME?: string;
  /** Admin notices claimed per cron tick; NOTICE_BATCH (worker/telegram/notices.ts) when unset. */
  TELEGRAM_NOTICE_BATCH?: string;
  /** The internal API's token, the same secret as the API Worker's. */
  INTERNAL_TOKEN?: string;
  API: { fetch(input: Request | string, init?: RequestInit): Promise<Response> };
  KV: KVNamespace;
};
