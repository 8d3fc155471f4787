import type { Bot } from "grammy";
import type { BotEnv } from "../env";
import { InternalApiError, internalApi } from "../internal-api";
import { balanceText, texts } from "../texts";

/** `/promo КОД`: the code used as on the web, then the balance in the chip's words. */
export function registerPromo(bot: Bot, env: BotEnv) {
  bot.command("promo", async (ctx) => {
    const code = ctx.match.trim();
    if (!code) return void (await ctx.reply(texts.promoAsk));
    try {
      await ctx.reply(texts.promoDone(balanceText(await internalApi(env, ctx.from!.id).promo(code))));
    } catch (err) {
      if (!(err instanceof InternalApiError) || err.status >= 500) throw err;
      // Used already, or no longer valid: the API's own sentence; unknown or malformed: the web's words.
      await ctx.reply(err.status === 409 && err.detail ? err.detail : texts.promoInvalid);
    }
  });
}
