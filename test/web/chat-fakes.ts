import type { Limits } from "../../worker/billing/schemas";
import { vi } from "vitest";

export type ChatCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  form: FormData | null;
  signal: AbortSignal | null;
};
type Handler = (call: ChatCall, params: Record<string, string>) => Response | Promise<Response>;

/**
 * The Worker at the HTTP boundary for the chat view: `fetch` answers from a table of
 * "METHOD /path/:param" handlers (paths under /api/v2, trailing slash ignored), records every call,
 * and answers 404 for anything else, as the Worker does.
 */
export function fakeChatApi(routes: Record<string, Handler>) {
  const calls: ChatCall[] = [];
  const table = Object.entries(routes).map(([route, handler]) => {
    const [method, pattern] = route.split(" ");
    const names: string[] = [];
    const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { method, regex: new RegExp(`^${source}$`), names, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\/v2/, "").replace(/\/$/, "") || "/";
    const form = init?.body instanceof FormData ? init.body : null;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call: ChatCall = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
      form,
      signal: init?.signal ?? null,
    };
    calls.push(call);
    for (const route of table) {
      const match = route.method === method ? route.regex.exec(path) : null;
      if (match) return route.handler(call, Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]])));
    }
    return Response.json({ detail: "Не найдено" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/**
 * A streamed `text/plain` reply that the test feeds piece by piece, as the Worker flushes it:
 * `push` a text (or raw bytes), then `close` or `fail`.
 */
export function replyStream(headers: Record<string, string> = { "X-Model": "yasno-demo" }) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  return {
    response: () =>
      new Response(stream, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    pushBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError("network error")),
    get cancelled() {
      return cancelled;
    },
  };
}

export const json = (data: unknown, status = 200) => Response.json(data, { status });

/** A stored message as `GET /topics/{id}/history` answers it; `extra` overrides any field. */
export const message = (id: number, role: "user" | "assistant", text: string, extra: object = {}) => ({
  id,
  role,
  text,
  state: "complete",
  model: role === "assistant" ? "yasno-demo" : null,
  created_at: "2025-05-01T10:00:00Z",
  attachments: [],
  feedback: null,
  version: 1,
  version_ids: [id],
  ...extra,
});

export const limits = (available: number, is_unlimited = false): Limits => ({
  available_requests: available,
  is_unlimited,
  limits: [
    {
      id: 1,
      requests: 10,
      available_requests: available,
      is_unlimited,
      date_expire: null,
      source: "start",
      name: null,
    },
  ],
  pool: null,
});
