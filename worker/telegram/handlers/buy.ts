import { type Bot, type Context, InlineKeyboard } from "grammy";
import { chatState, saveChatState } from "../chat-state";
import type { BotEnv } from "../env";
import { InternalApiError, internalApi } from "../internal-api";
import { texts } from "../texts";

/** The payment page's link as a button; with no e-mail on the account the receipt's address is asked first. */
async function pay(ctx: Context, env: BotEnv, planId: number, email?: string) {
  const api = internalApi(env, ctx.from!.id);
  const plan = (await api.plans()).find((p) => p.id === planId);
  if (!plan) return void (await ctx.reply(texts.noPlans));
  try {
    const { url } = await api.pay(planId, email);
    await saveChatState(env, ctx.chat!.id, { buying: undefined });
    await ctx.reply(texts.payLink(plan.name), { reply_markup: new InlineKeyboard().url(texts.payButton, url) });
  } catch (err) {
    if (!(err instanceof InternalApiError) || err.status !== 422) throw err;
    // 54-ФЗ: a receipt needs an address; the next message that is one completes the purchase.
    await saveChatState(env, ctx.chat!.id, { buying: planId });
    await ctx.reply(email ? err.detail : texts.receiptEmail);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The plans as buttons under `text` (/buy, or no requests left). */
export async function offerPlans(ctx: Context, env: BotEnv, text: string) {
  const plans = await internalApi(env, ctx.from!.id).plans();
  if (plans.length === 0) return void (await ctx.reply(text === texts.plans ? texts.noPlans : text));
  const keyboard = InlineKeyboard.from(
    plans.map((p) => [InlineKeyboard.text(texts.plan(p.name, p.price), `buy:${p.id}`)]),
  );
  await ctx.reply(text, { reply_markup: keyboard });
}

export function registerBuy(bot: Bot, env: BotEnv) {
  bot.command("buy", (ctx) => offerPlans(ctx, env, texts.plans));
  bot.callbackQuery(/^buy:(\d+)$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await pay(ctx, env, Number(ctx.match[1]));
  });
  // While a purchase waits for the receipt's e-mail, a message that is an address is that e-mail.
  bot.on("message:text", async (ctx, next) => {
    const email = ctx.message.text.trim();
    const { buying } = EMAIL.test(email) ? await chatState(env, ctx.chat.id) : {};
    if (!buying) return next();
    await pay(ctx, env, buying, email);
  });
}
