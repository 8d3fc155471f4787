import type { Bot, Context } from "grammy";
import { citationsHtml } from "../citations";
import { type ChatState, chatState, saveChatState } from "../chat-state";
import type { BotEnv } from "../env";
import { InternalApiError, internalApi } from "../internal-api";
import { streamReply } from "../reply-stream";
import { texts } from "../texts";
import { offerPlans } from "./buy";
import { offerTerms } from "./start";

/** A refused question as a short Russian message (docs/telegram.md "Failures"). */
export async function refused(ctx: Context, env: BotEnv, err: InternalApiError, mode: string) {
  if (err.status === 402) return offerPlans(ctx, env, texts.noRequests);
  if (err.status === 403 && (await offerTerms(ctx, env, mode))) return;
  if (err.status === 409) return void (await ctx.reply(texts.busy));
  if (err.status === 502 || err.status === 503) return void (await ctx.reply(texts.providerDown));
  // The API's own Russian sentence (a too long question, a closed topic…), else the general one.
  await ctx.reply(err.status < 500 && err.detail ? err.detail : texts.failed);
}

/** A question to the chat's topic, its reply streamed; `change` moves the chat first (a photo to the image mode). */
export async function ask(
  ctx: Context,
  env: BotEnv,
  question: string,
  attachments: number[] = [],
  change: Partial<ChatState> = {},
) {
  const chatId = ctx.chat!.id;
  // «Другой ответ» repeats a text question; a file is not sent twice.
  const state = await saveChatState(env, chatId, {
    ...change,
    lastQuestion: attachments.length ? undefined : question,
  });
  await ctx.replyWithChatAction("typing");
  let res: Response;
  try {
    res = await internalApi(env, ctx.from!.id).ask(state.topicId, question, state.mode, attachments);
  } catch (err) {
    if (err instanceof InternalApiError) return refused(ctx, env, err, state.mode);
    throw err;
  }
  const topicId = Number(res.headers.get("x-topic-id") ?? state.topicId);
  if (topicId !== state.topicId) await saveChatState(env, chatId, { topicId });
  await streamReply(ctx, res.body!, () => replyCitations(env, ctx.from!.id, topicId));
}

/** The marks and sources of the reply just streamed (saved before its stream closed); none if they cannot be read. */
async function replyCitations(env: BotEnv, telegramId: number, topicId: number): Promise<string | null> {
  try {
    const reply = await internalApi(env, telegramId).lastReply(topicId);
    return citationsHtml(reply.citations, reply.citations_date, env.APP_URL);
  } catch (err) {
    // The reply is in the chat already: without its marks, not without an answer.
    console.error(JSON.stringify({ level: "error", msg: "telegram reply citations failed", err: String(err) }));
    return null;
  }
}

export function registerAsk(bot: Bot, env: BotEnv) {
  bot.on("message:text", async (ctx) => {
    if (ctx.message.text.startsWith("/")) return void (await ctx.reply(texts.help));
    await ask(ctx, env, ctx.message.text);
  });
  bot.callbackQuery("again", async (ctx) => {
    await ctx.answerCallbackQuery();
    const { lastQuestion } = await chatState(env, ctx.chat!.id);
    if (!lastQuestion) return void (await ctx.reply(texts.nothingToRepeat));
    await ask(ctx, env, lastQuestion);
  });
}

/** After every other handler: what the bot cannot take yet. */
export function registerFallback(bot: Bot) {
  bot.on("message", (ctx) => ctx.reply(texts.onlyText));
}
