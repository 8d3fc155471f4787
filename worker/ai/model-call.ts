import { APICallError, type LanguageModelV4 } from "@ai-sdk/provider";
import {
  experimental_streamLanguageModelCall,
  type LanguageModelUsage,
  type ModelMessage,
  type PrepareStepFunction,
  type StopCondition,
  streamText,
  type TextStreamPart,
  type ToolSet,
} from "ai";

// A turn's call to the model (docs/ai.md "Providers and settings"): the reply as text, step ends and a finish.
// With tools it goes through `streamText`, which runs the tool loop; without, it makes one call with the SDK's
// `experimental_streamLanguageModelCall` and the retries and time limits `streamText` would add: `streamText`'s own
// streams cost about 1.8 ms before the model's request here (docs/scale.md "Against the floor (issue 28)").

export type ReplyPart =
  | { type: "text"; text: string }
  /** A step that called a tool ended: its text, if any, is a paragraph of its own. */
  | { type: "step-end" }
  | { type: "finish"; usage: LanguageModelUsage; finishReason: string };

export type ModelCall = {
  model: LanguageModelV4;
  system: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  maxRetries: number;
  abortSignal: AbortSignal;
  /** The model must send something at least every `chunkMs`, and finish within `totalMs`. */
  timeout: { chunkMs: number; totalMs: number };
  /** The first retry's wait when the provider names none; each next one waits twice as long. */
  retryDelayMs?: number;
};

export type ModelTools = {
  tools?: ToolSet;
  stopWhen?: StopCondition<ToolSet>;
  prepareStep?: PrepareStepFunction<ToolSet>;
};

/**
 * The reply's parts; the model's failure, or a time limit passed, is thrown by the iteration. The call starts here,
 * not at the first read: the turn writes to storage before it reads, once the model's request is out.
 */
export function streamReply(call: ModelCall, tools: ModelTools = {}): AsyncIterable<ReplyPart> {
  if (!tools.tools) return oneCall(call);
  const { retryDelayMs: _, ...settings } = call;
  return partsOfSteps(streamText({ ...settings, ...tools, onError: () => {} }).fullStream, call.abortSignal);
}

async function* partsOfSteps(parts: AsyncIterable<TextStreamPart<ToolSet>>, stop: AbortSignal) {
  for await (const part of parts) {
    if (part.type === "text-delta") yield { type: "text", text: part.text } satisfies ReplyPart;
    else if (part.type === "finish-step") yield { type: "step-end" } satisfies ReplyPart;
    else if (part.type === "finish")
      yield { type: "finish", usage: part.totalUsage, finishReason: part.finishReason } satisfies ReplyPart;
    else if (part.type === "error") throw part.error;
    else if (part.type === "abort" && !stop.aborted) throw new Error("the model timed out");
  }
}

/** The model must send something every `chunkMs` and end within `totalMs`, else the call is aborted. */
function timeLimits({ chunkMs, totalMs }: ModelCall["timeout"]) {
  const limits = new AbortController();
  const passed = (which: string) => () => limits.abort(new Error(`the model timed out (${which})`));
  const total = setTimeout(passed("total"), totalMs);
  let chunk = setTimeout(passed("chunk"), chunkMs);
  return {
    signal: limits.signal,
    heard() {
      clearTimeout(chunk);
      chunk = setTimeout(passed("chunk"), chunkMs);
    },
    clear() {
      clearTimeout(total);
      clearTimeout(chunk);
    },
  };
}

function oneCall(call: ModelCall): AsyncIterable<ReplyPart> {
  const limits = timeLimits(call.timeout);
  // A turn stopped before it reads (its question not written) never reaches partsOfCall's `finally`.
  call.abortSignal.addEventListener("abort", limits.clear, { once: true });
  const abortSignal = AbortSignal.any([call.abortSignal, limits.signal]);
  const started = withRetries(call, abortSignal, () =>
    experimental_streamLanguageModelCall({
      model: call.model,
      system: call.system,
      messages: call.messages,
      maxOutputTokens: call.maxOutputTokens,
      abortSignal,
    }),
  );
  // Its failure is thrown where the parts are read; not an unhandled rejection before that.
  started.catch(() => {});
  return partsOfCall(started, limits);
}

async function* partsOfCall(
  started: ReturnType<typeof experimental_streamLanguageModelCall>,
  limits: ReturnType<typeof timeLimits>,
): AsyncGenerator<ReplyPart> {
  try {
    for await (const part of (await started).stream) {
      limits.heard();
      if (part.type === "text-delta") yield { type: "text", text: part.text };
      else if (part.type === "model-call-end")
        yield { type: "finish", usage: part.usage, finishReason: part.finishReason };
      else if (part.type === "error") throw part.error;
    }
  } catch (err) {
    throw limits.signal.aborted ? limits.signal.reason : err;
  } finally {
    limits.clear();
  }
}

/** `start` again after a retryable failure (a 429, a 5xx, the connection), as `streamText` retries its call. */
async function withRetries<T>(call: ModelCall, signal: AbortSignal, start: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= call.maxRetries || signal.aborted || !APICallError.isInstance(err) || !err.isRetryable) throw err;
      const wait = retryAfterMs(err) ?? (call.retryDelayMs ?? 2_000) * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The wait the provider asked for (`retry-after-ms`, `retry-after` in seconds), if it is under a minute. */
function retryAfterMs(err: APICallError): number | null {
  const headers = err.responseHeaders ?? {};
  // A `retry-after-ms` of 0 means now: only its absence falls back to `retry-after`.
  const ms = headers["retry-after-ms"]
    ? Number.parseFloat(headers["retry-after-ms"])
    : Number.parseFloat(headers["retry-after"] ?? "") * 1000;
  return Number.isFinite(ms) && ms >= 0 && ms < 60_000 ? ms : null;
}
