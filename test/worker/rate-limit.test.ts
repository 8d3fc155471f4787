import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS } from "../../worker/http/rate-limit";
import { call, expectTooMany, registerUser, statuses, uniqueEmail, uniqueIp } from "./helpers";

// Scrypt makes a run of logins take seconds: the clock is frozen so a run never straddles two
// fixed windows, and the slow tests get room.
describe("rate limits", { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => vi.useRealTimers());

  it(
    "login: per e-mail and address together, so ten wrong passwords from one network do not lock the owner out of " +
      "another",
    async () => {
      const { email, password } = await registerUser();
      const { limit, windowSeconds } = RATE_LIMITS.loginPerEmailIp;
      const networkA = uniqueIp();
      const first = await statuses(limit, () =>
        call("/users/login", { json: { email, password: "неверный-пароль" }, ip: networkA }),
      );
      expect(first).toEqual(Array(limit).fill(401));
      // Network A is stopped for this e-mail, even with the right password...
      await expectTooMany(await call("/users/login", { json: { email, password }, ip: networkA }), windowSeconds);
      // ...the owner on network B is not.
      expect((await call("/users/login", { json: { email, password }, ip: uniqueIp() })).status).toBe(200);
    },
  );

  it("login: a per-e-mail ceiling on failures stops a guess spread over many addresses, with Retry-After", async () => {
    const { email, password } = await registerUser();
    const { limit, windowSeconds } = RATE_LIMITS.passwordFailuresPerEmail5Min;
    // Every attempt from a different address: only the per-e-mail ceiling can stop them.
    const first = await statuses(limit, () => call("/users/login", { json: { email, password: "неверный-пароль" } }));
    expect(first).toEqual(Array(limit).fill(401));
    await expectTooMany(await call("/users/login", { json: { email, password: "неверный-пароль" } }), windowSeconds);
    await expectTooMany(await call("/users/login", { json: { email, password } }), windowSeconds);
    // Another account is not affected.
    const other = await registerUser();
    expect((await call("/users/login", { json: { email: other.email, password: other.password } })).status).toBe(200);
  });

  it("login: the ceiling counts failed passwords only, not successes and not refused calls", async () => {
    const { email, password } = await registerUser();
    const failures = async () => {
      const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
        .bind(`passwordFailuresPerEmail5Min:${email}`)
        .first<{ count: number }>();
      return row?.count ?? 0;
    };
    const ip = uniqueIp();
    expect((await call("/users/login", { json: { email, password: "неверный-пароль" }, ip })).status).toBe(401);
    expect((await call("/users/login", { json: { email, password }, ip })).status).toBe(200);
    expect((await call("/users/login", { json: { email, password }, ip: uniqueIp() })).status).toBe(200);
    expect(await failures()).toBe(1);
    // A call refused by another rule tried no password: it does not count either.
    const { limit } = RATE_LIMITS.loginPerEmailIp;
    expect(await statuses(limit - 2, () => call("/users/login", { json: { email, password }, ip }))).toEqual(
      Array(limit - 2).fill(200),
    );
    expect((await call("/users/login", { json: { email, password: "неверный-пароль" }, ip })).status).toBe(429);
    expect(await failures()).toBe(1);
  });

  it(
    "login: the wait grows: past the hour's ceiling the answer waits for the hour, past the day's for the " + "day",
    async () => {
      vi.setSystemTime(new Date("2031-05-05T10:02:00Z"));
      const { email, password } = await registerUser();
      const seed = (name: string, windowStart: string, count: number) =>
        env.DB.prepare(
          "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?) ON CONFLICT (key, window_start) DO " +
            "UPDATE SET count = excluded.count",
        )
          .bind(`${name}:${email}`, Date.parse(windowStart), count)
          .run();

      await seed(
        "passwordFailuresPerEmailHour",
        "2031-05-05T10:00:00Z",
        RATE_LIMITS.passwordFailuresPerEmailHour.limit,
      );
      const hour = await call("/users/login", { json: { email, password } });
      expect(hour.status).toBe(429);
      expect(Number(hour.headers.get("retry-after"))).toBe(58 * 60);

      await seed("passwordFailuresPerEmailDay", "2031-05-05T00:00:00Z", RATE_LIMITS.passwordFailuresPerEmailDay.limit);
      const day = await call("/users/login", { json: { email, password } });
      expect(day.status).toBe(429);
      expect(Number(day.headers.get("retry-after"))).toBe((13 * 60 + 58) * 60);
    },
  );

  it("login: per address", async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = RATE_LIMITS.loginPerIp;
    const first = await statuses(limit, () =>
      call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip }),
    );
    expect(first).toEqual(Array(limit).fill(401));
    await expectTooMany(
      await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip }),
      windowSeconds,
    );
    expect(
      (await call("/users/login", { json: { email: uniqueEmail(), password: "неверный-пароль" }, ip: uniqueIp() }))
        .status,
    ).toBe(401);
  });

  it("registration: per address", async () => {
    const ip = uniqueIp();
    const { limit, windowSeconds } = RATE_LIMITS.registerPerIp;
    const first = await statuses(limit, () =>
      call("/users/", { json: { consent: true, email: uniqueEmail(), password: "пароль-для-теста" }, ip }),
    );
    expect(first).toEqual(Array(limit).fill(201));
    await expectTooMany(
      await call("/users/", { json: { consent: true, email: uniqueEmail(), password: "пароль-для-теста" }, ip }),
      windowSeconds,
    );
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
    const forgot = (address: string, ip?: string) =>
      call(`/users/password/forgot?email=${encodeURIComponent(address)}`, { method: "POST", ip });
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
    const { results } = await env.DB.prepare("SELECT window_start, count FROM rate_limits WHERE key = ?")
      .bind(`loginPerIp:${ip}`)
      .all();
    expect(results).toEqual([{ window_start: Date.parse("2031-05-05T10:00:00Z"), count: 2 }]);
  });
});
