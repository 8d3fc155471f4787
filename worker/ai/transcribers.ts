import type {
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from "@ai-sdk/provider";
import { createWorkersAI } from "workers-ai-provider";
import type { Env } from "../env";
import { ApiError } from "../http/errors";
import { OpenAITranscriptionModel } from "./openai-transcription";

// Speech to text for voice questions (docs/ai.md "Voice"), chosen like the model: STT_PROVIDER is
// demo (built in, no network), workers-ai (Whisper on Workers AI) or openai (any OpenAI-compatible
// `/audio/transcriptions`, at OPENAI_BASE_URL with OPENAI_API_KEY).

export const STT_NOT_CONFIGURED = "Распознавание речи не настроено: обратитесь к администратору";
export const DEMO_STT_MODEL_ID = "yasno-demo-stt";

/** What the demo hears in any recording: it says plainly that it is the demo. */
export const demoTranscript = (seconds: number | null) =>
  `Демо-расшифровка${seconds ? ` записи на ${Math.max(1, Math.round(seconds))} с` : ""}: здесь будет текст вашего ` +
  `голосового вопроса. Настоящее распознавание речи включается в настройках сервера — а пока поправьте текст и ` +
  `отправьте его.`;

/**
 * The built-in transcriber: no network; a real TranscriptionModelV4, so the rest of the app treats it like any
 * provider's.
 */
export class DemoTranscriptionModel implements TranscriptionModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "yasno";
  readonly modelId = DEMO_STT_MODEL_ID;

  constructor(private readonly seconds: number | null) {}

  async doGenerate(_options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    return {
      text: demoTranscript(this.seconds),
      segments: [],
      language: "ru",
      durationInSeconds: this.seconds ?? undefined,
      warnings: [],
      response: { timestamp: new Date(), modelId: DEMO_STT_MODEL_ID },
    };
  }
}

/** The transcriber STT_PROVIDER names; 503 (before anything is called) when its settings are missing. */
export function transcriptionModel(env: Env, seconds: number | null): TranscriptionModelV4 {
  switch (env.STT_PROVIDER) {
    case "demo":
      return new DemoTranscriptionModel(seconds);
    case "workers-ai":
      if (!env.AI || !env.WORKERS_AI_STT_MODEL) break;
      return createWorkersAI({ binding: env.AI }).transcription(
        env.WORKERS_AI_STT_MODEL as Parameters<ReturnType<typeof createWorkersAI>["transcription"]>[0],
        {
          language: "ru",
        },
      );
    case "openai":
      if (!env.OPENAI_BASE_URL || !env.OPENAI_STT_MODEL) break;
      return new OpenAITranscriptionModel(env.OPENAI_STT_MODEL, {
        baseURL: env.OPENAI_BASE_URL,
        apiKey: env.OPENAI_API_KEY || "none",
      });
  }
  throw new ApiError(503, STT_NOT_CONFIGURED);
}
