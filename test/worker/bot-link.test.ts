import { SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS } from "../../worker/http/rate-limit";
import { call, expectTooMany, registerUser, statuses, uniqueEmail, uniqueIp } from "./helpers";

const externalId = () => String(Math.floor(Math.random() * 1e12));

/** The bots' account-link call, as a bot makes it (always from the bot's own address). */
const link = (botUser: string, email: string, password: string) =>
  SELF.fetch(`http://app.test/internal/api/v2/users/tg/${botUser}/link`, {
    method: "POST",
    headers: {
      "internal-token": "test-internal-token",
      "cf-connecting-ip": "10.99.0.1",
      "content-type": "application/json",
    },
    body: JSON.stringify({ email, password }),
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Runs of scrypt take seconds: the clock is frozen so a run never straddles two fixed windows.
describe("the bots' account-link call", { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => vi.useRealTimers());

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    const account = await registerUser();
    const known = await link(externalId(), account.email, "не тот пароль");
    const unknown = await link(externalId(), uniqueEmail("nobody"), "не тот пароль");
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it("spends the same password-hashing time on an unknown e-mail as on a known one", async () => {
    const account = await registerUser();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const [times, email] of [
        [known, account.email],
        [unknown, uniqueEmail("nobody")],
      ] as const) {
        const started = performance.now();
        expect((await link(externalId(), email, "не тот пароль")).status).toBe(401);
        times.push(performance.now() - started);
      }
    }
    // Without the dummy hash an unknown e-mail answers in a few milliseconds, a known one after a
    // full scrypt run (tens of milliseconds): a ratio near zero, not near one.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });

  it("is limited per bot account and e-mail: a refused bot account does not stop the owner elsewhere", async () => {
    const account = await registerUser();
    const botUser = externalId();
    const { limit, windowSeconds } = RATE_LIMITS.linkPerEmailBotUser;
    expect(await statuses(limit, () => link(botUser, account.email, "не тот пароль"))).toEqual(Array(limit).fill(401));
    await expectTooMany(await link(botUser, account.email, account.password), windowSeconds);
    expect((await link(externalId(), account.email, account.password)).status).toBe(200);
  });

  it("is limited per bot account across e-mails", async () => {
    const botUser = externalId();
    const { limit, windowSeconds } = RATE_LIMITS.linkPerBotUser;
    expect(await statuses(limit, () => link(botUser, uniqueEmail(), "не тот пароль"))).toEqual(Array(limit).fill(401));
    await expectTooMany(await link(botUser, uniqueEmail(), "не тот пароль"), windowSeconds);
  });

  it("shares the per-e-mail ceiling on failed passwords with login", async () => {
    const account = await registerUser();
    const { limit, windowSeconds } = RATE_LIMITS.passwordFailuresPerEmail5Min;
    // Every guess from another bot account: only the per-e-mail ceiling can stop them.
    expect(await statuses(limit, () => link(externalId(), account.email, "не тот пароль"))).toEqual(
      Array(limit).fill(401),
    );
    await expectTooMany(await link(externalId(), account.email, account.password), windowSeconds);
    await expectTooMany(
      await call("/users/login", { json: { email: account.email, password: account.password }, ip: uniqueIp() }),
      windowSeconds,
    );
  });
});
