import { type Bot, InlineKeyboard } from "grammy";
import type { BotEnv } from "../env";
import { internalApi } from "../internal-api";
import { texts } from "../texts";

/**
 * `/link`: a one-time link to open in a browser where the person is signed in, so no password is
 * typed into the chat. The API resolves the Telegram id at every call, so once the page links it the
 * next message already runs as that account; `/link` again says which account it is (the confirmation).
 */
export function registerLink(bot: Bot, env: BotEnv) {
  bot.command("link", async (ctx) => {
    const api = internalApi(env, ctx.from!.id);
    const [{ email }, { url }] = await Promise.all([api.user(), api.linkToken()]);
    const text = email ? `${texts.linked(email)}\n\n${texts.link}` : texts.link;
    await ctx.reply(text, { reply_markup: new InlineKeyboard().url(texts.linkButton, url) });
  });
}
