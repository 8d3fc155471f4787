import { type Bot, InlineKeyboard } from "grammy";
import { saveChatState } from "../chat-state";
import type { BotEnv } from "../env";
import { internalApi } from "../internal-api";
import { modesKeyboard } from "../keyboards";
import { balanceText, texts } from "../texts";

/** How many recent chats /chats offers. */
const RECENT_CHATS = 10;

export function registerCommands(bot: Bot, env: BotEnv) {
  bot.command("help", (ctx) => ctx.reply(texts.help));
  bot.command("mode", (ctx) => ctx.reply(texts.pickMode, { reply_markup: modesKeyboard() }));
  bot.command("balance", async (ctx) => ctx.reply(balanceText(await internalApi(env, ctx.from!.id).limits())));
  bot.command("new", async (ctx) => {
    await saveChatState(env, ctx.chat.id, { topicId: 0 });
    await ctx.reply(texts.newChat);
  });
  bot.callbackQuery("new", async (ctx) => {
    await saveChatState(env, ctx.chat!.id, { topicId: 0 });
    await ctx.answerCallbackQuery();
    await ctx.reply(texts.newChat);
  });

  bot.command("chats", async (ctx) => {
    const topics = (await internalApi(env, ctx.from!.id).topics()).flatMap((g) => g.topics).slice(0, RECENT_CHATS);
    if (topics.length === 0) return void (await ctx.reply(texts.noChats));
    const keyboard = InlineKeyboard.from(
      topics.map((t) => [InlineKeyboard.text((t.topic_name || texts.untitled).slice(0, 60), `topic:${t.id}`)]),
    );
    await ctx.reply(texts.chats, { reply_markup: keyboard });
  });
  bot.callbackQuery(/^topic:(\d+)$/, async (ctx) => {
    const id = Number(ctx.match[1]);
    // The list again, so only the user's own topic is taken and its mode comes with it.
    const topic = (await internalApi(env, ctx.from.id).topics()).flatMap((g) => g.topics).find((t) => t.id === id);
    await ctx.answerCallbackQuery();
    if (!topic) return void (await ctx.reply(texts.noChats));
    await saveChatState(env, ctx.chat!.id, {
      topicId: id,
      ...(topic.assistant_type ? { mode: topic.assistant_type } : {}),
    });
    await ctx.reply(texts.chatPicked(topic.topic_name || texts.untitled));
  });
}
