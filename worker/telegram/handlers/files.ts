import type { Bot, Context } from "grammy";
import { QUOTAS } from "../../settings";
import { chatState } from "../chat-state";
import type { BotEnv } from "../env";
import { InternalApiError, internalApi } from "../internal-api";
import { texts } from "../texts";
import { ask, refused } from "./ask";

const IMAGE_MODE = "explain_img";

/** The file's bytes from Telegram: getFile names its path, then the file download. */
async function download(ctx: Context, env: BotEnv, fileId: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = await ctx.api.getFile(fileId);
  const root = env.TELEGRAM_API_ROOT || "https://api.telegram.org";
  const res = await fetch(`${root}/file/bot${env.TELEGRAM_BOT_TOKEN}/${file.file_path}`);
  if (!res.ok) throw new Error(`Telegram file download ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** A file into the API as an attachment, then the question about it; a refusal as a short message. */
async function askAbout(
  ctx: Context,
  env: BotEnv,
  file: { id: string; size?: number; name: string; type: string },
  question: string,
  mode: string,
) {
  // Telegram gives bots files of at most 20 MB, the same as the web's upload limit.
  if ((file.size ?? 0) > QUOTAS.uploadMaxBytes) return void (await ctx.reply(texts.fileTooLarge));
  let id: number;
  try {
    id = await internalApi(env, ctx.from!.id).upload(await download(ctx, env, file.id), file.name, file.type);
  } catch (err) {
    if (err instanceof InternalApiError) return refused(ctx, env, err, mode);
    throw err;
  }
  const state = await chatState(env, ctx.chat!.id);
  // A photo is asked in the image mode: in the chat's topic when it is one, else in a new one.
  const change = mode === state.mode ? {} : { mode, topicId: 0 };
  await ask(ctx, env, question, [id], change);
}

/** A voice message: uploaded, transcribed by the product's speech to text, the transcript shown, then asked. */
async function askByVoice(ctx: Context, env: BotEnv, voice: { file_id: string; file_size?: number }) {
  if ((voice.file_size ?? 0) > QUOTAS.audioMaxBytes) return void (await ctx.reply(texts.voiceTooLarge));
  const api = internalApi(env, ctx.from!.id);
  const { mode } = await chatState(env, ctx.chat!.id);
  let transcript: string;
  try {
    const id = await api.upload(await download(ctx, env, voice.file_id), "voice.ogg", "audio/ogg");
    transcript = (await api.transcribe(id)).text.trim();
  } catch (err) {
    if (err instanceof InternalApiError) return refused(ctx, env, err, mode);
    throw err;
  }
  if (!transcript) return void (await ctx.reply(texts.voiceEmpty));
  await ctx.reply(texts.transcript(transcript));
  await ask(ctx, env, transcript);
}

export function registerFiles(bot: Bot, env: BotEnv) {
  bot.on("message:voice", (ctx) => askByVoice(ctx, env, ctx.message.voice));
  bot.on("message:photo", async (ctx) => {
    // Telegram sends each photo in several sizes, the largest last.
    const photo = ctx.message.photo.at(-1)!;
    const file = { id: photo.file_id, size: photo.file_size, name: "photo.jpg", type: "image/jpeg" };
    await askAbout(ctx, env, file, ctx.message.caption?.trim() || texts.photoQuestion, IMAGE_MODE);
  });
  bot.on("message:document", async (ctx) => {
    const doc = ctx.message.document;
    const file = {
      id: doc.file_id,
      size: doc.file_size,
      name: doc.file_name ?? "document",
      type: doc.mime_type ?? "application/octet-stream",
    };
    const { mode } = await chatState(env, ctx.chat.id);
    await askAbout(ctx, env, file, ctx.message.caption?.trim() || texts.documentQuestion, mode);
  });
}
