import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS } from "../../worker/services/rate-limit";
import { call, registerUser, uniqueEmail, uniqueIp } from "./helpers";

/** Sends `count` calls one after another and returns their statuses. */
async function statuses(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send(i)).status);
  return out;
}

async function expectTooMany(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({ detail: expect.stringMatching(/^Слишком много попыток, повторите через \d+ (с|мин)$/) });
}

// Scrypt makes a run of logins take seconds: the clock is frozen so a run never straddles two
// fixed windows, and the slow tests get room.
describe("rate limits", { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => vi.useRealTimers());

  it("login: per e-mail, failed attempts count", async () => {
    const { email, password } = await registerUser();
    const { limit, windowSeconds } = RATE_LIMITS.loginPerEmail;
    // Every attempt from a different address: only the per-e-mail counter can stop them.
    const first = await statuses(limit, () => call("/users/login", { json: { email, password: "неверный-пароль" } }));
    expect(first).toEqual(Array(limit).fill(401));
    await expectTooMany(await call("/users/login", { json: { email, password } }), windowSeconds);
    // Another account is not affected.
    const other = await registerUser();
    expect((await call("/users/login", { json: { email: other.email, password: other.password } })).status).toBe(200);
  });

  it("login: per address", async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = RATE_LIMITS.loginPerIp;
    const first = await statuses(limit, () => call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip }));
    expect(first).toEqual(Array(limit).fill(401));
    await expectTooMany(await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip }), windowSeconds);
    expect((await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip: uniqueIp() })).status).toBe(401);
  });

  it("registration: per address", async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = RATE_LIMITS.registerPerIp;
    const first = await statuses(limit, () => call("/users/", { json: { email: uniqueEmail(), password: "пароль-для-теста" }, ip }));
    expect(first).toEqual(Array(limit).fill(201));
    await expectTooMany(await call("/users/", { json: { email: uniqueEmail(), password: "пароль-для-теста" }, ip }), windowSeconds);
  });

  it("refresh: per address", async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = RATE_LIMITS.refreshPerIp;
    const headers = { "jwt-token": "x", "refresh-token": "y" };
    const first = await statuses(limit, () => call("/users/token/refresh", { method: "POST", headers, ip }));
    expect(first).toEqual(Array(limit).fill(401));
    await expectTooMany(await call("/users/token/refresh", { method: "POST", headers, ip }), windowSeconds);
  });

  it("forgot: per e-mail and per address", async () => {
    const { email } = await registerUser();
    const perEmail = RATE_LIMITS.forgotPerEmail;
    const forgot = (address: string, ip?: string) => call(`/users/password/forgot?email=${encodeURIComponent(address)}`, { method: "POST", ip });
    expect(await statuses(perEmail.limit, () => forgot(email))).toEqual(Array(perEmail.limit).fill(200));
    await expectTooMany(await forgot(email), perEmail.windowSeconds);

    const ip = uniqueIp();
    const perIp = RATE_LIMITS.forgotPerIp;
    expect(await statuses(perIp.limit, () => forgot(uniqueEmail(), ip))).toEqual(Array(perIp.limit).fill(200));
    await expectTooMany(await forgot(uniqueEmail(), ip), perIp.windowSeconds);
  });

  it("counts in one row per key and window (the worker sees the frozen clock)", async () => {
    vi.setSystemTime(new Date("2031-05-05T10:00:30Z"));
    const ip = uniqueIp();
    await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip });
    await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip });
    const { results } = await env.DB.prepare("SELECT window_start, count FROM rate_limits WHERE key = ?").bind(`loginPerIp:${ip}`).all();
    expect(results).toEqual([{ window_start: Date.parse("2031-05-05T10:00:00Z"), count: 2 }]);
  });
});
