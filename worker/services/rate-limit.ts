import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { rateLimits } from "../db/schema";
import { ApiError } from "../errors";

type Rule = { limit: number; windowSeconds: number };

/** Every limit of the accounts API in one place (docs/accounts.md explains the numbers). */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 60 },
  loginPerEmail: { limit: 10, windowSeconds: 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 },
  refreshPerIp: { limit: 60, windowSeconds: 60 },
  forgotPerIp: { limit: 10, windowSeconds: 60 * 60 },
  forgotPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * `RATE_LIMIT_FACTOR` (a var, default 1) multiplies every limit: the local browser tests and
 * benchmarks send everything from 127.0.0.1 and raise it; the counting itself still runs.
 */
function limitFactor(env: Env): number {
  const factor = Number(env.RATE_LIMIT_FACTOR);
  return Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

/** Cloudflare sets CF-Connecting-IP on every request at the edge (and wrangler dev locally). */
export const clientIp = (c: Context) => c.req.header("cf-connecting-ip") ?? "unknown";

/**
 * Counts one hit against each (rule, subject) in fixed windows, one atomic upsert apiece (all in
 * one batch), and answers 429 with Retry-After when any of them is over its limit.
 */
export async function enforceRateLimits(db: Db, env: Env, hits: [RateLimitName, string][]): Promise<void> {
  const now = Date.now();
  const factor = limitFactor(env);
  const windows = hits.map(([name, subject]) => {
    const base: Rule = RATE_LIMITS[name];
    const rule = { ...base, limit: base.limit * factor };
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    return { rule, key: `${name}:${subject}`, windowStart, endsAt: windowStart + windowMs };
  });
  const statements = windows.map((w) =>
    db
      .insert(rateLimits)
      .values({ key: w.key, windowStart: w.windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count }),
  );
  if (statements.length === 0) return;
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  const over = windows.filter((w, i) => (results[i]?.[0]?.count ?? 0) > w.rule.limit);
  if (over.length === 0) return;
  const retryAfter = Math.max(...over.map((w) => Math.ceil((w.endsAt - now) / 1000)));
  throw ApiError.tooMany(retryAfter, `Слишком много попыток, повторите через ${formatWait(retryAfter)}`);
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} с`;
  return `${Math.ceil(seconds / 60)} мин`;
}
