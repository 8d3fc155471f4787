import type { Bot, Context } from "grammy";
import { saveChatState } from "../chat-state";
import { ASSISTANT_TYPES } from "../../settings";
import type { BotEnv } from "../env";
import { internalApi } from "../internal-api";
import { acceptKeyboard, modesKeyboard } from "../keyboards";
import { modeTitle, texts } from "../texts";

const UTM_FIELDS = ["source", "medium", "campaign", "content", "term"] as const;

/**
 * A deep link's payload (t.me/<bot>?start=…, only A–Z, a–z, 0–9, _ and -, at most 64) as UTM tags:
 * the fields in the order source, medium, campaign, content, term, split by a double underscore
 * (`vk__cpc__spring`); empty fields are left out. No source, no tags.
 */
export function utmOfPayload(payload: string): Record<string, string> | null {
  const values = payload.split("__");
  const tags: Record<string, string> = {};
  UTM_FIELDS.forEach((field, i) => {
    if (values[i]) tags[field] = values[i]!;
  });
  return tags.source ? tags : null;
}

/** The mode's terms with an accept button, when it has terms not yet accepted; true when it showed them. */
export async function offerTerms(ctx: Context, env: BotEnv, mode: string): Promise<boolean> {
  const terms = (await internalApi(env, ctx.from!.id).disclaimers()).find((d) => d.assistant_type === mode);
  if (!terms || terms.accepted) return false;
  await ctx.reply(texts.terms(modeTitle(mode), terms.text), { reply_markup: acceptKeyboard(mode) });
  return true;
}

export function registerStart(bot: Bot, env: BotEnv) {
  bot.command("start", async (ctx) => {
    const api = internalApi(env, ctx.from!.id);
    const payload = ctx.match.trim();
    const utm = payload ? utmOfPayload(payload) : null;
    if (utm) await api.utm(utm);
    await api.signal("start", payload ? { payload } : undefined);
    await saveChatState(env, ctx.chat.id, { topicId: 0 });
    await ctx.reply(texts.greeting(ctx.from!.first_name), { reply_markup: modesKeyboard() });
  });

  // Only the four modes: callback data comes from the client and could name anything.
  bot.callbackQuery(new RegExp(`^mode:(${ASSISTANT_TYPES.join("|")})$`), async (ctx) => {
    const mode = ctx.match[1]!;
    await saveChatState(env, ctx.chat!.id, { mode, topicId: 0 });
    await ctx.answerCallbackQuery();
    if (!(await offerTerms(ctx, env, mode))) await ctx.reply(texts.modePicked(modeTitle(mode)));
  });

  bot.callbackQuery(/^accept:(\w+)$/, async (ctx) => {
    await internalApi(env, ctx.from.id).accept(ctx.match[1]!);
    await ctx.answerCallbackQuery();
    await ctx.reply(texts.termsAccepted);
  });
}
