// A fake OpenAI-compatible chat API at its HTTP boundary: `POST <base>/chat/completions` with
// `stream: true` answers `text/event-stream` with real `data: {chat.completion.chunk}` events and
// `data: [DONE]`, as OpenAI, OpenRouter, Ollama and llama.cpp do. The test plays the model: it
// takes each request as it arrives (`nextCompletion()`) and decides when each chunk goes out, so
// streaming tests are driven by promises, never by sleeps. Tools as OpenAI speaks them: a request offers
// `tools` (function definitions), the model answers `delta.tool_calls` and `finish_reason: "tool_calls"`,
// and the next request carries the assistant's `tool_calls` and a `role: "tool"` message for each.

import { env } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";

/** A tool call as an assistant message carries it back. */
export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/** A function the request offers the model. */
export type ToolDefinition = {
  type: "function";
  function: { name: string; description?: string; parameters: Record<string, unknown> };
};

export type ChatRequest = {
  model: string;
  stream?: boolean;
  max_tokens?: number;
  messages: {
    role: "system" | "user" | "assistant" | "tool";
    content: string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
    tool_calls?: ToolCall[];
    tool_call_id?: string;
  }[];
  tools?: ToolDefinition[];
  tool_choice?: unknown;
  [key: string]: unknown;
};

export type RecordedTranscription = {
  model: string;
  filename: string;
  mediaType: string;
  bytes: Uint8Array;
  language: string | null;
  responseFormat: string | null;
};

export type RecordedRequest = { url: string; headers: Headers; body: ChatRequest };

const encoder = new TextEncoder();

/** The tokens a fake completion reports: the prompt's, the part of them read from the cache, the reply's. */
export type FakeUsage = { prompt: number; cached: number; completion: number };
const DEFAULT_USAGE: FakeUsage = { prompt: 100, cached: 0, completion: 20 };

type Step = { kind: "event"; data: unknown } | { kind: "close" } | { kind: "cut" };

/**
 * Waits until `probe` returns something. Workers run each request (the test, the Worker's call to
 * the model) in its own I/O context, and a promise resolved from another context runs its
 * continuation there, where the caller's streams cannot be touched. So the test and the fake never
 * resolve each other's promises: they hand plain values over through queues, and each side picks
 * them up on its own timer. Only where the values come from decides what happens, never the timer.
 */
export async function waitFor<T>(probe: () => T | undefined | null | false): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** One chat completion in progress: the test sends its chunks and ends it. */
export class FakeCompletion {
  private readonly steps: Step[] = [];
  private answer: { status: number; error?: string } | null = null;
  private readonly id = `chatcmpl-${crypto.randomUUID()}`;
  private started = false;
  private toolCalls = 0;
  /** The caller hung up (our Worker aborted the model call). */
  abortedNow = false;

  constructor(
    readonly request: RecordedRequest,
    signal: AbortSignal | null | undefined,
  ) {
    if (signal?.aborted) this.abortedNow = true;
    signal?.addEventListener("abort", () => (this.abortedNow = true), { once: true });
  }

  /** Resolves once the caller has hung up. */
  aborted(): Promise<true> {
    return waitFor(() => this.abortedNow);
  }

  private push(step: Step): void {
    this.open();
    this.steps.push(step);
  }

  /** OpenAI reports usage only when asked (`stream_options.include_usage`): `null` on every chunk, then its own. */
  private get withUsage(): boolean {
    const options = this.request.body.stream_options as { include_usage?: boolean } | undefined;
    return options?.include_usage === true;
  }

  private chunkOf(delta: Record<string, unknown>, finish: string | null = null) {
    return {
      id: this.id,
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model: this.request.body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(this.withUsage ? { usage: null } : {}),
    };
  }

  /** Answers 200 with the event stream (the first chunk is the assistant role, as OpenAI sends). */
  open(): this {
    this.answer ??= { status: 200 };
    return this;
  }

  /** One piece of the reply. */
  send(text: string): this {
    this.push({
      kind: "event",
      data: this.chunkOf(this.started ? { content: text } : { role: "assistant", content: text }),
    });
    this.started = true;
    return this;
  }

  /**
   * A call of the tool `name` (then `finish("tool_calls")`): its id, name and empty arguments first, then the
   * arguments' JSON in two pieces, as OpenAI streams them. A second call in the same reply gets the next index.
   */
  callTool(name: string, args: unknown, id = `call_${crypto.randomUUID().slice(0, 8)}`): this {
    const index = this.toolCalls++;
    const json = JSON.stringify(args);
    const half = Math.ceil(json.length / 2);
    const opening = { index, id, type: "function", function: { name, arguments: "" } };
    this.push({
      kind: "event",
      data: this.chunkOf(
        this.started ? { tool_calls: [opening] } : { role: "assistant", content: null, tool_calls: [opening] },
      ),
    });
    this.started = true;
    for (const piece of [json.slice(0, half), json.slice(half)])
      this.push({ kind: "event", data: this.chunkOf({ tool_calls: [{ index, function: { arguments: piece } }] }) });
    return this;
  }

  /**
   * The end: finish_reason ("length": the reply hit max_tokens), then, if asked for, a last chunk with
   * no choices and the usage, `[DONE]`, connection closed.
   */
  finish(reason = "stop", usage: FakeUsage = DEFAULT_USAGE): void {
    this.push({ kind: "event", data: this.chunkOf({}, reason) });
    if (this.withUsage)
      this.push({
        kind: "event",
        data: {
          id: this.id,
          object: "chat.completion.chunk",
          created: Math.floor(Date.now() / 1000),
          model: this.request.body.model,
          choices: [],
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
            prompt_tokens_details: { cached_tokens: usage.cached },
            completion_tokens_details: { reasoning_tokens: 0 },
          },
        },
      });
    this.push({ kind: "event", data: "[DONE]" });
    this.push({ kind: "close" });
  }

  /** The whole reply at once, in the given pieces. */
  reply(...pieces: string[]): void {
    for (const piece of pieces) this.send(piece);
    this.finish();
  }

  /** An HTTP error before any event, in OpenAI's error format. */
  fail(status = 500, message = "The server had an error while processing your request."): void {
    this.answer ??= { status, error: message };
  }

  /** The connection drops midway, as when the provider's server dies. */
  cut(): void {
    this.push({ kind: "cut" });
  }

  /** The HTTP answer, made and fed in the caller's context as the test decides. */
  async respond(): Promise<Response> {
    const { status, error } = await waitFor(() => this.answer);
    if (status !== 200) {
      return Response.json(
        {
          error: {
            message: error,
            type: status >= 500 ? "server_error" : "invalid_request_error",
            param: null,
            code: null,
          },
        },
        { status },
      );
    }
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const step = await waitFor(() => this.steps.shift() ?? (this.abortedNow && ({ kind: "aborted" } as const)));
        // A real connection dies with the caller's abort: the body errors as fetch's does.
        if (step.kind === "aborted") controller.error(new DOMException("The operation was aborted", "AbortError"));
        else if (step.kind === "close") controller.close();
        else if (step.kind === "cut") controller.error(new Error("connection reset by the fake model"));
        else
          controller.enqueue(
            encoder.encode(`data: ${typeof step.data === "string" ? step.data : JSON.stringify(step.data)}\n\n`),
          );
      },
      cancel: () => {
        this.abortedNow = true;
      },
    });
    return new Response(body, {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
    });
  }
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly arrived: FakeCompletion[] = [];
  /** When set, every request is answered at once with these pieces (for tests that do not drive the model). */
  autoReply: string[] | null = null;

  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  /** What `/audio/transcriptions` hears in any recording; a number answers that HTTP error instead. */
  transcript: string | number = "Можно ли вернуть задаток, если продавец передумал?";
  readonly transcriptions: RecordedTranscription[] = [];
  /** How long `/audio/transcriptions` takes to answer, ms: long enough for asks to arrive meanwhile. */
  transcriptionDelayMs = 0;

  reset(): void {
    this.requests.length = 0;
    this.arrived.length = 0;
    this.autoReply = null;
    this.transcript = "Можно ли вернуть задаток, если продавец передумал?";
    this.transcriptions.length = 0;
    this.transcriptionDelayMs = 0;
  }

  /** OpenAI's speech to text: a multipart form (file, model, language, response_format), `verbose_json` back. */
  private async transcription(request: Request): Promise<Response> {
    if (request.headers.get("authorization") !== `Bearer ${this.apiKey}`) {
      return Response.json(
        { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } },
        { status: 401 },
      );
    }
    const form = await request.formData().catch(() => null);
    const file = form?.get("file");
    const model = form?.get("model");
    if (!form || !(file instanceof File) || typeof model !== "string") {
      return Response.json(
        { error: { message: "'file' and 'model' are required", type: "invalid_request_error" } },
        { status: 400 },
      );
    }
    this.transcriptions.push({
      model,
      filename: file.name,
      mediaType: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
      language: form.get("language")?.toString() ?? null,
      responseFormat: form.get("response_format")?.toString() ?? null,
    });
    if (this.transcriptionDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.transcriptionDelayMs));
    if (typeof this.transcript === "number") {
      return Response.json(
        { error: { message: "The server had an error", type: "server_error" } },
        { status: this.transcript },
      );
    }
    const text = this.transcript;
    return Response.json({
      task: "transcribe",
      language: "russian",
      duration: 3.5,
      text,
      segments: [
        {
          id: 0,
          seek: 0,
          start: 0,
          end: 3.5,
          text,
          tokens: [],
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1,
          no_speech_prob: 0,
        },
      ],
    });
  }

  /** The next chat completion request, once it has arrived. */
  nextCompletion(): Promise<FakeCompletion> {
    return waitFor(() => this.arrived.shift());
  }

  handles(url: string): boolean {
    return url.startsWith(this.baseUrl);
  }

  async fetch(request: Request, signal?: AbortSignal | null): Promise<Response> {
    const url = request.url;
    if (request.method === "POST" && url === `${this.baseUrl}/audio/transcriptions`) return this.transcription(request);
    if (request.method !== "POST" || url !== `${this.baseUrl}/chat/completions`)
      return Response.json({ error: { message: "Not found", type: "invalid_request_error" } }, { status: 404 });
    if (request.headers.get("authorization") !== `Bearer ${this.apiKey}`) {
      return Response.json(
        { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } },
        { status: 401 },
      );
    }
    let body: ChatRequest;
    try {
      body = (await request.json()) as ChatRequest;
    } catch {
      return Response.json(
        { error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error" } },
        { status: 400 },
      );
    }
    if (typeof body.model !== "string" || !Array.isArray(body.messages) || body.messages.length === 0) {
      return Response.json(
        { error: { message: "'model' and 'messages' are required", type: "invalid_request_error" } },
        { status: 400 },
      );
    }
    const unanswerable = toolMessageWithoutCall(body.messages);
    if (unanswerable)
      return Response.json({ error: { message: unanswerable, type: "invalid_request_error" } }, { status: 400 });
    if (body.stream !== true)
      return Response.json(
        { error: { message: "this fake only streams", type: "invalid_request_error" } },
        { status: 400 },
      );

    const recorded = { url, headers: request.headers, body };
    this.requests.push(recorded);
    const completion = new FakeCompletion(recorded, signal ?? request.signal);
    if (this.autoReply) completion.reply(...this.autoReply);
    else this.arrived.push(completion);
    return completion.respond();
  }
}

/** OpenAI's 400 for a `tool` message that answers no earlier assistant's tool call; null when all do. */
function toolMessageWithoutCall(messages: ChatRequest["messages"]): string | null {
  const called = new Set<string>();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) called.add(call.id);
    if (message.role === "tool" && !(message.tool_call_id && called.has(message.tool_call_id)))
      return "Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.";
  }
  return null;
}

/** The Worker's outbound fetch while a test runs: the fake model by URL, anything else refused. */
export function fetchThrough(fake: FakeOpenAI): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (fake.handles(request.url)) return fake.fetch(request, init?.signal);
    throw new TypeError(`the test has no network: ${request.url}`);
  };
}

/**
 * Makes the Worker answer with the OpenAI-compatible provider against a fresh fake for each test
 * of the calling file, and puts the demo model back afterwards.
 */
export function useFakeOpenAI(): FakeOpenAI {
  const fake = new FakeOpenAI(env.OPENAI_BASE_URL!, env.OPENAI_API_KEY!);
  beforeEach(() => {
    fake.reset();
    vi.stubGlobal("fetch", fetchThrough(fake));
    // The Worker reads the provider per request from the same env object the tests hold.
    env.AI_PROVIDER = "openai";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    env.AI_PROVIDER = "demo";
  });
  return fake;
}
