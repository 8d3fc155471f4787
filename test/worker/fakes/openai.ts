// A fake OpenAI-compatible chat API at its HTTP boundary: `POST <base>/chat/completions` with
// `stream: true` answers `text/event-stream` with real `data: {chat.completion.chunk}` events and
// `data: [DONE]`, as OpenAI, OpenRouter, Ollama and llama.cpp do. The test plays the model: it
// takes each request as it arrives (`nextCompletion()`) and decides when each chunk goes out, so
// streaming tests are driven by promises, never by sleeps.

export type ChatRequest = {
  model: string;
  stream?: boolean;
  max_tokens?: number;
  messages: { role: "system" | "user" | "assistant"; content: string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[] }[];
  [key: string]: unknown;
};

export type RecordedRequest = { url: string; headers: Headers; body: ChatRequest };

const encoder = new TextEncoder();

/** One chat completion in progress: the test sends its chunks and ends it. */
export class FakeCompletion {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private answer!: (response: Response) => void;
  readonly response = new Promise<Response>((resolve) => (this.answer = resolve));
  private readonly id = `chatcmpl-${crypto.randomUUID()}`;
  /** Settles when the caller hangs up (our Worker aborting the model call). */
  readonly aborted: Promise<void>;
  private started = false;

  constructor(
    readonly request: RecordedRequest,
    signal: AbortSignal | null | undefined,
  ) {
    this.aborted = new Promise((resolve) => {
      if (signal?.aborted) resolve();
      signal?.addEventListener("abort", () => resolve(), { once: true });
    });
  }

  private event(data: unknown): void {
    this.controller!.enqueue(encoder.encode(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`));
  }

  private chunkOf(delta: Record<string, unknown>, finish: string | null = null) {
    return { id: this.id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: this.request.body.model, choices: [{ index: 0, delta, finish_reason: finish }] };
  }

  /** Answers 200 with the event stream (the first chunk is the assistant role, as OpenAI sends). */
  open(): this {
    if (this.controller) return this;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (this.controller = c) });
    this.answer(new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" } }));
    return this;
  }

  /** One piece of the reply. */
  send(text: string): this {
    this.open();
    this.event(this.chunkOf(this.started ? { content: text } : { role: "assistant", content: text }));
    this.started = true;
    return this;
  }

  /** The end: finish_reason, usage, `[DONE]`, connection closed. */
  finish(reason = "stop"): void {
    this.open();
    this.event(this.chunkOf({}, reason));
    this.event({ id: this.id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: this.request.body.model, choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
    this.event("[DONE]");
    this.controller!.close();
  }

  /** The whole reply at once, in the given pieces. */
  reply(...pieces: string[]): void {
    for (const piece of pieces) this.send(piece);
    this.finish();
  }

  /** An HTTP error before any event, in OpenAI's error format. */
  fail(status = 500, message = "The server had an error while processing your request."): void {
    this.answer(Response.json({ error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null } }, { status }));
  }

  /** The connection drops midway, as when the provider's server dies. */
  cut(): void {
    this.open();
    this.controller!.error(new Error("connection reset by the fake model"));
  }
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly arrived: FakeCompletion[] = [];
  private readonly waiting: ((c: FakeCompletion) => void)[] = [];
  /** When set, every request is answered at once with these pieces (for tests that do not drive the model). */
  autoReply: string[] | null = null;

  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  reset(): void {
    this.requests.length = 0;
    this.arrived.length = 0;
    this.waiting.length = 0;
    this.autoReply = null;
  }

  /** The next chat completion request, as soon as it arrives. */
  nextCompletion(): Promise<FakeCompletion> {
    const ready = this.arrived.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  handles(url: string): boolean {
    return url.startsWith(this.baseUrl);
  }

  async fetch(request: Request): Promise<Response> {
    const url = request.url;
    if (request.method !== "POST" || url !== `${this.baseUrl}/chat/completions`) return Response.json({ error: { message: "Not found", type: "invalid_request_error" } }, { status: 404 });
    if (request.headers.get("authorization") !== `Bearer ${this.apiKey}`) {
      return Response.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }, { status: 401 });
    }
    let body: ChatRequest;
    try {
      body = (await request.json()) as ChatRequest;
    } catch {
      return Response.json({ error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error" } }, { status: 400 });
    }
    if (typeof body.model !== "string" || !Array.isArray(body.messages) || body.messages.length === 0) {
      return Response.json({ error: { message: "'model' and 'messages' are required", type: "invalid_request_error" } }, { status: 400 });
    }
    if (body.stream !== true) return Response.json({ error: { message: "this fake only streams", type: "invalid_request_error" } }, { status: 400 });

    const recorded = { url, headers: request.headers, body };
    this.requests.push(recorded);
    const completion = new FakeCompletion(recorded, request.signal);
    if (this.autoReply) completion.reply(...this.autoReply);
    else {
      const taker = this.waiting.shift();
      if (taker) taker(completion);
      else this.arrived.push(completion);
    }
    return completion.response;
  }
}

/** The Worker's outbound fetch while a test runs: the fake model by URL, anything else refused. */
export function fetchThrough(fake: FakeOpenAI): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (fake.handles(request.url)) return fake.fetch(request);
    throw new TypeError(`the test has no network: ${request.url}`);
  };
}
