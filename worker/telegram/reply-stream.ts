import { type Context, GrammyError } from "grammy";
import { MESSAGE_LIMIT, toTelegramHtml } from "./format";
import { replyKeyboard } from "./keyboards";
import { texts } from "./texts";

/**
 * At most one edit a second per chat: Telegram's limits for bots are about one message a second
 * in a chat. A chat's updates come one at a time (the webhook answers after the reply), so this
 * reply's own clock is the chat's.
 */
export const EDIT_INTERVAL_MS = 1000;

/** An edit Telegram refuses as "message is not modified" changes nothing: not a failure. */
async function quietly(edit: Promise<unknown>) {
  try {
    await edit;
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
  }
}

/**
 * The reply as it is written: the first text in a message, then edits of it at most once per
 * interval (plain text while it grows, so half-written Markdown cannot break it), and at the end
 * the whole reply as HTML in as many messages as it needs, with the reply's buttons under the last.
 * `footer` (HTML, asked once the stream has closed) goes under the reply: in its last message when it fits.
 */
export async function streamReply(
  ctx: Context,
  body: ReadableStream,
  footer: () => Promise<string | null> = async () => null,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let messageId: number | null = null;
  let shown = "";
  let shownAt = 0;
  let broken = false;
  let reading: Promise<ReadableStreamReadResult<string> | typeof BROKEN> | null = null;
  for (;;) {
    // A model that broke off ends the stream with an error: what it wrote stays, as on the web.
    reading ??= reader.read().catch(() => BROKEN);
    const preview = text.trim().slice(0, MESSAGE_LIMIT);
    const behind = preview !== "" && preview !== shown;
    // Text not yet shown waits for the next chunk or the next allowed edit, whichever comes first,
    // so a model that pauses mid-reply still has its last words shown within the interval.
    const wait = behind ? Math.max(0, shownAt + EDIT_INTERVAL_MS - Date.now()) : null;
    const next = await (wait === null ? reading : Promise.race([reading, sleep(wait)]));
    if (next === TIMER) {
      if (messageId === null) messageId = (await ctx.api.sendMessage(chatId, preview)).message_id;
      else await quietly(ctx.api.editMessageText(chatId, messageId, preview));
      shown = preview;
      shownAt = Date.now();
      continue;
    }
    reading = null;
    if (next === BROKEN) {
      broken = true;
      break;
    }
    if (next.done) break;
    text += next.value;
    if (messageId === null && text.trim()) {
      shown = text.trim().slice(0, MESSAGE_LIMIT);
      messageId = (await ctx.api.sendMessage(chatId, shown)).message_id;
      shownAt = Date.now();
    }
  }
  if (!text.trim()) {
    await ctx.api.sendMessage(chatId, broken ? texts.providerDown : texts.failed);
    return;
  }
  const parts = withFooter(toTelegramHtml(text), await footer());
  for (const [i, html] of parts.entries()) {
    const last = i === parts.length - 1;
    const options = { parse_mode: "HTML" as const, ...(last ? { reply_markup: replyKeyboard() } : {}) };
    if (i === 0 && messageId !== null) await quietly(ctx.api.editMessageText(chatId, messageId, html, options));
    else await ctx.api.sendMessage(chatId, html, options);
  }
}

/**
 * The footer in the reply's last message when the two fit Telegram's limit (HTML is never shorter than the
 * text Telegram counts), else a message of its own: one edit either way, and the marks stay with the reply.
 */
function withFooter(parts: string[], footer: string | null): string[] {
  if (!footer) return parts;
  const last = parts.at(-1)!;
  const joined = `${last}\n\n${footer}`;
  return joined.length <= MESSAGE_LIMIT ? [...parts.slice(0, -1), joined] : [...parts, footer];
}

const TIMER = Symbol("timer");
const BROKEN = Symbol("broken");
const sleep = (ms: number) => new Promise<typeof TIMER>((resolve) => setTimeout(() => resolve(TIMER), ms));
