import type {
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from "@ai-sdk/provider";
import {
  convertBase64ToUint8Array,
  createJsonErrorResponseHandler,
  createJsonResponseHandler,
  mediaTypeToExtension,
  postFormDataToApi,
} from "@ai-sdk/provider-utils";
import * as z from "zod";

// OpenAI's (or a compatible server's) `POST /audio/transcriptions` as an AI SDK transcription
// model. @ai-sdk/openai has one, but it comes only with every OpenAI model beside it (~60 KiB gzip
// of the API Worker for this one call, docs/scale.md "Smaller to load"); the request, the errors
// and the retries are the SDK's own (provider-utils), only the form and the answer's shape are here.

const answerSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  segments: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })).nullish(),
});

const errorSchema = z.object({ error: z.object({ message: z.string() }) });

// Whisper answers its segments and the duration only in `verbose_json`; the gpt-4o transcribers know `json` alone.
const responseFormatOf = (modelId: string) => (modelId.startsWith("gpt-4o") ? "json" : "verbose_json");

// The SDK's result wants a language code; Whisper names the language instead ("russian"), which is not one.
const languageCode = (language: string | null | undefined) =>
  language && /^[a-z]{2}$/.test(language) ? language : undefined;

export class OpenAITranscriptionModel implements TranscriptionModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "openai.transcription";

  constructor(
    readonly modelId: string,
    private readonly settings: { baseURL: string; apiKey: string },
  ) {}

  async doGenerate(options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    const audio =
      typeof options.audio === "string" ? convertBase64ToUint8Array(options.audio) : Uint8Array.from(options.audio);
    const form = new FormData();
    form.append("model", this.modelId);
    form.append(
      "file",
      new File([audio], `audio.${mediaTypeToExtension(options.mediaType)}`, { type: options.mediaType }),
    );
    form.append("response_format", responseFormatOf(this.modelId));
    const language = options.providerOptions?.openai?.language;
    if (typeof language === "string") form.append("language", language);

    const { value, responseHeaders, rawValue } = await postFormDataToApi({
      url: `${this.settings.baseURL.replace(/\/$/, "")}/audio/transcriptions`,
      headers: { Authorization: `Bearer ${this.settings.apiKey}`, ...options.headers },
      formData: form,
      failedResponseHandler: createJsonErrorResponseHandler({
        errorSchema,
        errorToMessage: (error) => error.error.message,
      }),
      successfulResponseHandler: createJsonResponseHandler(answerSchema),
      abortSignal: options.abortSignal,
    });
    return {
      text: value.text,
      segments: (value.segments ?? []).map(({ text, start, end }) => ({ text, startSecond: start, endSecond: end })),
      language: languageCode(value.language),
      durationInSeconds: value.duration ?? undefined,
      warnings: [],
      response: { timestamp: new Date(), modelId: this.modelId, headers: responseHeaders, body: rawValue },
    };
  }
}
