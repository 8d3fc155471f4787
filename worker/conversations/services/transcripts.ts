import type { TranscriptionModelV4 } from "@ai-sdk/provider";
import { transcribe } from "ai";
import { DEMO_STT_MODEL_ID, transcriptionModel } from "../../ai/transcribers";
import type { Db } from "../../db/client";
import type { HistoryDb } from "../../db/history";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { ATTACHMENT_TEXTS, checkRecording, findAttachment, readAttachmentBytes } from "./attachments";
import { AUDIO_MIME, type AudioFormat } from "./audio-types";
import { claimTranscription, releaseTranscription, saveTranscript } from "./transcription-claims";
import { refundVoiceBudget, takeVoiceBudget } from "./voice-budget";
import { logEvent } from "../../http/log";
import { recordTranscription } from "../../operations/services/model-usage";

export const TRANSCRIPT_TEXTS = {
  notAudio: "Расшифровать можно только голосовую запись",
  failed: "Не удалось распознать речь: попробуйте ещё раз или напишите вопрос текстом",
  silent: "В записи не удалось разобрать речь: запишите вопрос ещё раз",
  busy: "Запись ещё расшифровывается: повторите через минуту",
} as const;

/** How long an ask waits for another call's transcript of the same recording, and how often it looks. */
const WAIT_MS = 60 * 1000;
const POLL_MS = 200;

const formatOf = (mimeType: string) =>
  (Object.entries(AUDIO_MIME).find(([, mime]) => mime === mimeType)?.[0] ?? "webm") as AudioFormat;

type Dbs = { db: Db; history: HistoryDb };
type Recording = { userId: number; attachmentId: number; seconds: number; bytes: Uint8Array };

/**
 * The caller's voice recording as text (docs/conversations.md "Voice"): by the configured
 * transcriber, once; the transcript is kept with the recording and answered again after that, and
 * asks that arrive while it is being made wait for it. `demo` says the built-in stand-in answered.
 */
export async function transcribeRecording(env: Env, dbs: Dbs, userId: number, attachmentId: number) {
  const { history } = dbs;
  let row = await findAttachment(history, attachmentId);
  if (!row || row.userId !== userId) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  if (row.kind !== "audio") throw new ApiError(422, TRANSCRIPT_TEXTS.notAudio);
  const isDemo = (model: TranscriptionModelV4) => model.modelId === DEMO_STT_MODEL_ID;
  if (row.extractedText) return { text: row.extractedText, demo: isDemo(transcriptionModel(env, null)) };
  const bytes = await readAttachmentBytes(env, row.r2Key);
  if (!bytes) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  // Judged again, as at upload: a recording kept from before the judgement grew stricter is held to it too.
  const seconds = checkRecording(bytes, formatOf(row.contentType));
  const model = transcriptionModel(env, seconds);
  const demo = isDemo(model);
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    if (row.extractedText) return { text: row.extractedText, demo };
    if (await claimTranscription(history, row.id)) {
      return { text: await callService(env, dbs, { userId, attachmentId, seconds, bytes }, model), demo };
    }
    if (Date.now() > waitUntil) throw ApiError.conflict(TRANSCRIPT_TEXTS.busy);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await findAttachment(history, attachmentId);
    if (!row) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
  }
}

/** The one call for a claimed recording: its seconds taken from the day's budget, given back if the service fails. */
async function callService(
  env: Env,
  { db, history }: Dbs,
  recording: Recording,
  model: TranscriptionModelV4,
): Promise<string> {
  const { userId, attachmentId, seconds, bytes } = recording;
  let text: string;
  try {
    const ticket = await takeVoiceBudget(db, userId, seconds);
    try {
      const options = { openai: { language: "ru" } };
      const result = await transcribe({ model, audio: bytes, maxRetries: 1, providerOptions: options });
      text = result.text.trim();
      // Billed by the service's own measure where it gives one, else by ours.
      const call = { userId, attachmentId, provider: env.STT_PROVIDER, model: model.modelId };
      await recordTranscription(env, db, { ...call, seconds: result.durationInSeconds ?? seconds }).catch((err) =>
        logEvent("error", "recording the transcription's usage failed", { attachment_id: attachmentId, err }),
      );
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      logEvent("error", "transcription failed", { attachment_id: attachmentId, model: model.modelId, reason });
      await refundVoiceBudget(db, ticket);
      throw new ApiError(502, TRANSCRIPT_TEXTS.failed);
    }
    if (!text) throw new ApiError(422, TRANSCRIPT_TEXTS.silent);
  } catch (err) {
    await releaseTranscription(history, attachmentId);
    throw err;
  }
  await saveTranscript(history, attachmentId, text);
  return text;
}
