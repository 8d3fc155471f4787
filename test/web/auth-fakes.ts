import { vi } from "vitest";

export type ApiCall = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * The Worker at the HTTP boundary: `fetch` answers from a table of "METHOD /path" handlers (paths
 * under /api/v2, trailing slash ignored) and records every call; anything else answers 404 as
 * the Worker does.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const path = url.pathname.replace(/^\/api\/v2/, "").replace(/\/$/, "") || "/";
    const call = { method, path, query: url.searchParams, headers: new Headers(init?.headers), body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : Response.json({ detail: "Не найдено" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route) };
}

export const json = (data: unknown, status = 200) => Response.json(data, { status });

/** An access token as the Worker shapes it (the web app only reads `exp`, so no real signature). */
export function accessToken(expiresInSeconds: number, nowMs = Date.now(), id = "a", sub = "1"): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const exp = Math.floor(nowMs / 1000) + expiresInSeconds;
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub, role: "user", jti: id, exp })}.c2lnbmF0dXJl`;
}

export const AUTH_KEY = "yasno-auth";

export function storeRecord(record: {
  access_token: string;
  refresh_token: string;
  email?: string | null;
  name?: string | null;
}) {
  localStorage.setItem(AUTH_KEY, JSON.stringify({ email: null, name: null, ...record }));
}
