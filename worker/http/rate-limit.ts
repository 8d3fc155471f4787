import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { rateLimits } from "../db/schema";
import { ApiError } from "./errors";

/** `failuresOnly`: counted up front (so parallel calls cannot slip past), handed back unless the call fails. */
type Rule = { limit: number; windowSeconds: number; failuresOnly?: boolean };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit of the accounts API in one place (docs/accounts.md explains the numbers). */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: MINUTE },
  loginPerEmailIp: { limit: 10, windowSeconds: MINUTE },
  // Failed passwords per e-mail from anywhere (login and the bots' link call): the further a guess
  // goes, the longer the wait: 5 minutes, then the hour, then the day.
  passwordFailuresPerEmail5Min: { limit: 20, windowSeconds: 5 * MINUTE, failuresOnly: true },
  passwordFailuresPerEmailHour: { limit: 60, windowSeconds: HOUR, failuresOnly: true },
  passwordFailuresPerEmailDay: { limit: 200, windowSeconds: 24 * HOUR, failuresOnly: true },
  linkPerBotUser: { limit: 30, windowSeconds: MINUTE },
  linkPerEmailBotUser: { limit: 10, windowSeconds: MINUTE },
  registerPerIp: { limit: 20, windowSeconds: MINUTE },
  refreshPerIp: { limit: 60, windowSeconds: MINUTE },
  forgotPerIp: { limit: 10, windowSeconds: HOUR },
  forgotPerEmail: { limit: 3, windowSeconds: HOUR },
  // Account changes (docs/accounts.md, "Account changes"): current-password or code checks, codes
  // mailed, and e-mail change links mailed, per user.
  ownerProofPerUser: { limit: 10, windowSeconds: HOUR },
  oneTimeCodePerUser: { limit: 5, windowSeconds: HOUR },
  emailChangePerUser: { limit: 5, windowSeconds: HOUR },
  // Uploads, web and bot alike, per user: each one may read a whole document (docs/conversations.md).
  uploadPerUser: { limit: 30, windowSeconds: MINUTE },
  // Voice transcriptions per user: each one calls the paid speech-to-text service.
  transcribePerUser: { limit: 20, windowSeconds: MINUTE },
  // Citation checks of a pasted text per user (docs/law.md "Every citation checked"): each reads the law library.
  lawCheckPerUser: { limit: 30, windowSeconds: MINUTE },
  // Company invitations, each of which mails someone (docs/operations.md, "Invitations"): per
  // inviter across their companies, and per company across its managers.
  invitationsPerInviter: { limit: 30, windowSeconds: HOUR },
  invitationsPerCompany: { limit: 50, windowSeconds: HOUR },
} as const satisfies Record<string, Rule>;

/** The per-e-mail ceiling on failed passwords, shared by every way of trying one. */
export const passwordFailureHits = (email: string): [RateLimitName, string][] => [
  ["passwordFailuresPerEmail5Min", email],
  ["passwordFailuresPerEmailHour", email],
  ["passwordFailuresPerEmailDay", email],
];

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

type Counted = { key: string; windowStart: number };
/** The `failuresOnly` windows a call was counted in: hand them back with `refundRateLimits`. */
export type RateLimitTicket = { refundable: Counted[] };

/**
 * Counts one hit against each (rule, subject) in fixed windows, one atomic upsert apiece (all in
 * one batch), and answers 429 with Retry-After when any of them is over its limit. A refused call
 * tried nothing, so its `failuresOnly` hits are handed back before the 429.
 */
export async function enforceRateLimits(db: Db, env: Env, hits: [RateLimitName, string][]): Promise<RateLimitTicket> {
  const now = Date.now();
  const factor = limitFactor(env);
  const windows = hits.map(([name, subject]) => {
    const base: Rule = RATE_LIMITS[name];
    const rule = { ...base, limit: base.limit * factor };
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    return { rule, key: `${name}:${subject}`, windowStart, endsAt: windowStart + windowMs };
  });
  const ticket: RateLimitTicket = {
    refundable: windows.filter((w) => w.rule.failuresOnly).map(({ key, windowStart }) => ({ key, windowStart })),
  };
  const statements = windows.map((w) =>
    db
      .insert(rateLimits)
      .values({ key: w.key, windowStart: w.windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count }),
  );
  if (statements.length === 0) return ticket;
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  const over = windows.filter((w, i) => (results[i]?.[0]?.count ?? 0) > w.rule.limit);
  if (over.length === 0) return ticket;
  await refundRateLimits(db, ticket);
  const retryAfter = Math.max(...over.map((w) => Math.ceil((w.endsAt - now) / 1000)));
  throw ApiError.tooMany(retryAfter, `Слишком много попыток, повторите через ${formatWait(retryAfter)}`);
}

/** Hands back the `failuresOnly` hits of a call that did not fail (same windows it was counted in). */
export async function refundRateLimits(db: Db, ticket: RateLimitTicket): Promise<void> {
  const statements = ticket.refundable.map((w) =>
    db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, w.windowStart), gt(rateLimits.count, 0))),
  );
  if (statements.length === 0) return;
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} с`;
  return `${Math.ceil(seconds / 60)} мин`;
}
