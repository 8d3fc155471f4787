import { createMiddleware } from "hono/factory";
import type { AppEnv, Env } from "../env";
import { ApiError } from "./errors";
import { clientIp } from "./rate-limit";

export const ADDRESS_RATE_LIMIT_TEXTS = { tooMany: "Слишком много запросов, повторите через минуту" } as const;

/**
 * Limits calls per client address with a Workers rate limiter binding (wrangler.toml
 * `[[ratelimits]]`, which holds the limit and the period): counted in memory in each data centre,
 * not in D1, so it suits reads anyone can make often, where a D1 write per call would cost more than
 * the call. Over the limit → 429 with Retry-After of the period. Without the binding, no limit.
 */
export const perAddressLimit = (limiterOf: (env: Env) => RateLimit | undefined, periodSeconds: number) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const limiter = limiterOf(c.env);
    if (limiter && !(await limiter.limit({ key: clientIp(c) })).success) {
      throw new ApiError(429, ADDRESS_RATE_LIMIT_TEXTS.tooMany, { "Retry-After": String(periodSeconds) });
    }
    await next();
  });
