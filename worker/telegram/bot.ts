import { Bot, type Context } from "grammy";
import type { BotEnv } from "./env";
import { internalApi } from "./internal-api";
import { registerAsk, registerFallback } from "./handlers/ask";
import { registerBuy } from "./handlers/buy";
import { registerCommands } from "./handlers/commands";
import { registerFiles } from "./handlers/files";
import { registerLink } from "./handlers/link";
import { registerMember } from "./handlers/member";
import { registerPromo } from "./handlers/promo";
import { registerStart } from "./handlers/start";

/**
 * The bot for one update. `botInfo` is given, so grammY makes no getMe call; every Bot API call
 * goes to TELEGRAM_API_ROOT through the runtime's fetch.
 */
export function createBot(env: BotEnv): Bot<Context> {
  const token = env.TELEGRAM_BOT_TOKEN!;
  const bot = new Bot(token, {
    botInfo: {
      id: Number(token.split(":")[0]),
      is_bot: true,
      first_name: "Ясно",
      username: env.TELEGRAM_BOT_USERNAME ?? "yasno_bot",
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
    client: {
      apiRoot: env.TELEGRAM_API_ROOT || "https://api.telegram.org",
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)) as never,
    },
  });
  // Every person who writes or blocks has a Ясно account (found or made), so every call below has its user.
  bot.use(async (ctx, next) => {
    const from = ctx.from;
    if (from && !from.is_bot) {
      const name = [from.first_name, from.last_name].filter(Boolean).join(" ");
      await internalApi(env, from.id).ensureUser(name, from.username);
    }
    await next();
  });
  registerMember(bot, env);
  registerStart(bot, env);
  registerCommands(bot, env);
  registerPromo(bot, env);
  registerBuy(bot, env);
  registerLink(bot, env);
  registerAsk(bot, env);
  registerFiles(bot, env);
  registerFallback(bot);
  return bot;
}
