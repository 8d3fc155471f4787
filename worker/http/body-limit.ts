import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** The largest body a JSON route takes; uploads have their own limit (conversations/middleware/upload.ts). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export const BODY_LIMIT_TEXTS = { tooLarge: "Слишком большой запрос: не больше 1 МБ" } as const;

// Both upload routes (the web one and the bots' one) and the law library's import check their own, larger limit.
const UPLOAD_PATH =
  /^\/(api\/v2\/attachments\/upload|api\/v2\/law\/import|internal\/api\/v2\/attachments\/[^/]+\/[^/]+)\/?$/;

const tooLarge = () => new ApiError(413, BODY_LIMIT_TEXTS.tooLarge);

/**
 * Refuses a body over `JSON_BODY_MAX_BYTES` before any route reads it: by its Content-Length at
 * once, and otherwise as soon as what arrives passes the limit. Unlike Hono's `bodyLimit`, a
 * Content-Length under the limit is not taken on trust: the bytes are counted whatever the header
 * says (nothing in front of a service binding or a test holds a body to its header), and the route
 * gets the counted bytes.
 */
export const jsonBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body || UPLOAD_PATH.test(c.req.path)) return next();
  const declared = Number(raw.headers.get("content-length") ?? 0);
  if (declared > JSON_BODY_MAX_BYTES) throw tooLarge();
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > JSON_BODY_MAX_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const headers = new Headers(raw.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  c.req.raw = new Request(raw, { body, headers });
  await next();
});
