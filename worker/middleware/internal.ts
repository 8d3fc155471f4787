import { timingSafeEqual } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

export const INTERNAL_TEXTS = { badToken: "Неверный или отсутствующий служебный токен (internal-token)" } as const;

const digest = async (value: string) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));

/**
 * The chat bots' service token in `internal-token` must equal the INTERNAL_TOKEN secret. Both are
 * hashed first so the comparison is constant time whatever their lengths. No secret set: nobody passes.
 */
export const requireInternal = createMiddleware<AppEnv>(async (c, next) => {
  const presented = c.req.header("internal-token");
  const secret = c.env.INTERNAL_TOKEN;
  if (!presented || !secret) throw ApiError.unauthorized(INTERNAL_TEXTS.badToken);
  const [a, b] = await Promise.all([digest(presented), digest(secret)]);
  if (!timingSafeEqual(a, b)) throw ApiError.unauthorized(INTERNAL_TEXTS.badToken);
  await next();
});
