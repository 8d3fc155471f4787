import { transcribe } from "ai";
import { eq } from "drizzle-orm";
import { DEMO_STT_MODEL_ID, transcriptionModel } from "../../ai/transcribers";
import type { HistoryDb } from "../../db/history";
import { attachments } from "../../db/history-schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { ATTACHMENT_TEXTS, checkRecording, findAttachment, readAttachmentBytes } from "./attachments";
import { AUDIO_MIME, type AudioFormat } from "./audio-types";

export const TRANSCRIPT_TEXTS = {
  notAudio: "Расшифровать можно только голосовую запись",
  failed: "Не удалось распознать речь: попробуйте ещё раз или напишите вопрос текстом",
  silent: "В записи не удалось разобрать речь: запишите вопрос ещё раз",
} as const;

const formatOf = (mimeType: string) => (Object.entries(AUDIO_MIME).find(([, mime]) => mime === mimeType)?.[0] ?? "webm") as AudioFormat;

/**
 * The caller's voice recording as text (docs/conversations.md "Voice"): by the configured
 * transcriber, once; the transcript is kept with the recording and answered again after that.
 * `demo` says the built-in stand-in answered.
 */
export async function transcribeRecording(env: Env, db: HistoryDb, userId: number, attachmentId: number): Promise<{ text: string; demo: boolean }> {
  const row = await findAttachment(db, attachmentId);
  if (!row || row.userId !== userId) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  if (row.kind !== "audio") throw new ApiError(422, TRANSCRIPT_TEXTS.notAudio);
  const bytes = await readAttachmentBytes(env, row.r2Key);
  if (!bytes) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  // Judged again, as at upload: a recording kept from before the judgement grew stricter is held to it too.
  const seconds = checkRecording(bytes, formatOf(row.contentType));
  const model = transcriptionModel(env, seconds);
  const demo = model.modelId === DEMO_STT_MODEL_ID;
  if (row.extractedText) return { text: row.extractedText, demo };
  let text: string;
  try {
    const result = await transcribe({ model, audio: bytes, maxRetries: 1, providerOptions: { openai: { language: "ru" } } });
    text = result.text.trim();
  } catch (err) {
    console.error("transcription failed", attachmentId, model.modelId, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    throw new ApiError(502, TRANSCRIPT_TEXTS.failed);
  }
  if (!text) throw new ApiError(422, TRANSCRIPT_TEXTS.silent);
  await db.update(attachments).set({ extractedText: text }).where(eq(attachments.id, row.id));
  return { text, demo };
}
