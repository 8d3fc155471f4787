import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

const BODILESS = new Set(["GET", "HEAD"]);

/**
 * A GET or HEAD may arrive with a body (HTTP gives it no meaning, and clients do send one). The
 * route gets the request without it, as if none had been sent: copying such a request with its body
 * (as the body limit does) throws in the runtime, which was a 500 and a log line per request.
 */
export const bodilessReads = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (raw.body && BODILESS.has(raw.method)) {
    raw.body.cancel().catch(() => {});
    const headers = new Headers(raw.headers);
    headers.delete("content-length");
    headers.delete("transfer-encoding");
    c.req.raw = new Request(raw.url, { method: raw.method, headers, redirect: raw.redirect, signal: raw.signal });
  }
  await next();
});
