import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import worker from "../../worker/index";
import { nextMoscowMidnight } from "../../worker/billing/services/daily-limits";
import { grantStatement } from "../../worker/billing/services/grants";
import { takeRequest } from "../../worker/billing/services/limits";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, createAdmin, detailOf, registerUser, type AuthRecord } from "./helpers";
import { newAccount, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

const DAY = 24 * 60 * 60 * 1000;

type Limits = {
  available_requests: number;
  is_unlimited: boolean;
  limits: {
    id: number;
    requests: number;
    available_requests: number;
    is_unlimited: boolean;
    date_expire: string | null;
    source: string;
  }[];
};

const admin = await createAdmin();
const update = (json: unknown, record: AuthRecord = admin.record) =>
  call("/limits/update/", { headers: authHeaders(record), json });
const setStartForAll = (json: unknown, record: AuthRecord = admin.record) =>
  call("/limits/set_start_for_all/", { headers: authHeaders(record), json });

async function limitsOf(record: AuthRecord): Promise<Limits> {
  const res = await call("/limits/", { headers: authHeaders(record) });
  expect(res.status).toBe(200);
  return (await res.json()) as Limits;
}

describe("POST /limits/update/: add", () => {
  it("adds an admin pack by e-mail for some days; the user sees it and the answer is the user's limits", async () => {
    const user = await registerUser();
    const before = Date.now();
    const res = await update({ email: `  ${user.email.toUpperCase()} `, requests: 50, mode: "add", days: 7 });
    expect(res.status).toBe(200);
    const limits = (await res.json()) as Limits;
    expect(limits.available_requests).toBe(QUOTAS.startRequests + 50);
    const pack = limits.limits.find((l) => l.source === "admin")!;
    expect(pack).toMatchObject({ requests: 50, available_requests: 50, is_unlimited: false });
    expect(Date.parse(pack.date_expire!)).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(Date.parse(pack.date_expire!)).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(await limitsOf(user.record)).toEqual(limits);
  });

  it("adds a never-ending pack by user_id, and an unlimited one without a count", async () => {
    const user = await registerUser();
    expect((await update({ user_id: user.userId, requests: 3, mode: "add" })).status).toBe(200);
    const res = await update({ user_id: user.userId, mode: "add", is_unlimited: true, days: 30 });
    expect(res.status).toBe(200);
    const limits = (await res.json()) as Limits;
    expect(limits.is_unlimited).toBe(true);
    expect(
      limits.limits
        .filter((l) => l.source === "admin")
        .map((l) => [l.requests, l.is_unlimited, l.date_expire === null]),
    ).toEqual([
      [0, true, false],
      [3, false, true],
    ]);
    // Sends under an unlimited pack take nothing from the counted ones.
    const db = getDb(env.DB);
    expect(await takeRequest(db, user.userId)).toMatchObject({ unlimited: true });
    expect((await limitsOf(user.record)).available_requests).toBe(QUOTAS.startRequests + 3);
  });
});

describe("POST /limits/update/: set", () => {
  it("ends every active pack of the user and leaves exactly the one given", async () => {
    const account = await newAccount();
    await update({ user_id: account.userId, requests: 40, mode: "add", days: 10 });
    await update({ user_id: account.userId, mode: "add", is_unlimited: true });

    const res = await update({ user_id: account.userId, requests: 2, mode: "set" });
    expect(res.status).toBe(200);
    const limits = (await res.json()) as Limits;
    expect(limits).toEqual({
      available_requests: 2,
      is_unlimited: false,
      limits: [
        {
          id: expect.any(Number),
          requests: 2,
          available_requests: 2,
          is_unlimited: false,
          date_expire: null,
          source: "admin",
          name: null,
        },
      ],
      pool: null,
    });

    // The user now has exactly two sends.
    for (let i = 0; i < 2; i++) await new StreamReader(await startTopic(account, `Вопрос ${i}`)).rest();
    const refused = await startTopic(account, "Третий вопрос");
    expect(refused.status).toBe(402);
    expect(await detailOf(refused)).toBe("Лимит запросов исчерпан");
  });

  it("set to 0 leaves nothing to spend and writes no empty pack", async () => {
    const account = await newAccount();
    const res = await update({ email: account.email, requests: 0, mode: "set" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available_requests: 0, is_unlimited: false, limits: [], pool: null });
    expect((await startTopic(account, "Вопрос")).status).toBe(402);
  });

  it("can set an unlimited pack for some days", async () => {
    const account = await newAccount();
    const res = await update({ user_id: account.userId, mode: "set", is_unlimited: true, days: 1 });
    expect(((await res.json()) as Limits).limits).toEqual([
      expect.objectContaining({ is_unlimited: true, source: "admin" }),
    ]);
    const { reply } = splitTopicLine(await new StreamReader(await startTopic(account, "Вопрос")).rest());
    expect(reply.length).toBeGreaterThan(0);
  });
});

describe("POST /limits/update/: refusals", () => {
  it("is for admins only: 403 for a user, 401 without a token, nothing changed", async () => {
    const user = await registerUser();
    const res = await update({ user_id: user.userId, requests: 1000, mode: "add" }, user.record);
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Недостаточно прав");
    expect((await call("/limits/update/", { json: { user_id: user.userId, requests: 1, mode: "add" } })).status).toBe(
      401,
    );
    expect((await limitsOf(user.record)).available_requests).toBe(QUOTAS.startRequests);
  });

  it("an unknown user is 404", async () => {
    for (const who of [{ user_id: 99_999_999 }, { email: "nobody-here@example.test" }]) {
      const res = await update({ ...who, requests: 1, mode: "add" });
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Пользователь не найден");
    }
  });

  it("bad bodies are 422 with Russian messages", async () => {
    const user = await registerUser();
    const cases: [unknown, (string | number)[], string][] = [
      [{ requests: 1, mode: "add" }, ["body", "user_id"], "Укажите пользователя: user_id или email (одно из двух)"],
      [
        { user_id: user.userId, email: user.email, requests: 1, mode: "add" },
        ["body", "user_id"],
        "Укажите пользователя: user_id или email (одно из двух)",
      ],
      [{ user_id: user.userId, mode: "add" }, ["body", "requests"], "Укажите число запросов (requests)"],
      [
        { user_id: user.userId, requests: -1, mode: "add" },
        ["body", "requests"],
        "Число запросов не может быть отрицательным",
      ],
      [{ user_id: user.userId, requests: 1.5, mode: "add" }, ["body", "requests"], "Число запросов должно быть целым"],
      [{ user_id: user.userId, requests: 1 }, ["body", "mode"], "mode: set (заменить) или add (добавить)"],
      [{ user_id: user.userId, requests: 1, mode: "add", days: 0 }, ["body", "days"], "Срок — от 1 дня"],
      [{ email: "не почта", requests: 1, mode: "add" }, ["body", "email"], "Некорректный e-mail"],
    ];
    for (const [json, loc, msg] of cases) {
      const res = await update(json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(await detailOf(res)).toContainEqual(expect.objectContaining({ loc, msg }));
    }
  });
});

describe("POST /limits/set_start_for_all/", () => {
  it("is for admins only", async () => {
    const user = await registerUser();
    const res = await setStartForAll({ target: "all", requests: 500 }, user.record);
    expect(res.status).toBe(403);
    expect((await limitsOf(user.record)).available_requests).toBe(QUOTAS.startRequests);
  });

  it(
    "refills every user's start pack to the amount, gives it back to users without one, and counts the " + "users",
    async () => {
      const spent = await newAccount();
      await new StreamReader(await startTopic(spent, "Вопрос")).rest();
      const reset = await registerUser();
      await update({ user_id: reset.userId, requests: 0, mode: "set" });
      const withPack = await registerUser();
      await update({ user_id: withPack.userId, requests: 5, mode: "add", days: 3 });

      const res = await setStartForAll({ target: "all", requests: 7 });
      expect(res.status).toBe(200);
      const users = (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())!.n;
      expect(await res.json()).toEqual({ users });

      const startOf = async (record: AuthRecord) =>
        (await limitsOf(record)).limits
          .filter((l) => l.source === "start")
          .map((l) => [l.requests, l.available_requests, l.date_expire]);
      expect(await startOf(spent.record)).toEqual([[7, 7, null]]);
      expect(await startOf(reset.record)).toEqual([[7, 7, null]]);
      expect(await limitsOf(withPack.record)).toMatchObject({ available_requests: 12 });
      const starts = await env.DB.prepare("SELECT count(*) AS n FROM limits WHERE user_id = ? AND source = 'start'")
        .bind(reset.userId)
        .first<{ n: number }>();
      expect(starts!.n).toBe(1);
    },
  );

  it("without an amount uses the start pack of the settings; bad amounts are 422", async () => {
    const user = await registerUser();
    await setStartForAll({ target: "all", requests: 1 });
    expect((await setStartForAll({ target: "all" })).status).toBe(200);
    expect((await limitsOf(user.record)).available_requests).toBe(QUOTAS.startRequests);
    const bad = await setStartForAll({ target: "all", requests: "много" });
    expect(bad.status).toBe(422);
    expect(await detailOf(bad)).toEqual([
      expect.objectContaining({ loc: ["body", "requests"], msg: "Число запросов должно быть числом" }),
    ]);
  });
});

describe("consumption order across sources", () => {
  it(
    "daily first, then by expiry (promo, subscription, admin), the never-ending start pack last; unlimited beats " +
      "all",
    async () => {
      const account = await newAccount();
      const db = getDb(env.DB);
      const now = Date.now();

      // Each source through its own path, one request each.
      await env.DB.prepare(
        "UPDATE limits SET requests = 1, available_requests = 1 WHERE user_id = ? AND source = 'start'",
      )
        .bind(account.userId)
        .run();
      const ctx = createExecutionContext();
      worker.scheduled(
        createScheduledController({ scheduledTime: nextMoscowMidnight(now) - DAY, cron: "0 21 * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      await env.DB.prepare("UPDATE limits SET available_requests = 1 WHERE user_id = ? AND source = 'daily'")
        .bind(account.userId)
        .run();
      const [subscription] = await db.batch([
        grantStatement(db, { userId: account.userId, requests: 1, days: 30, source: "subscription" }),
      ]);
      const promo = await call("/promos/", {
        headers: authHeaders(admin.record),
        json: { name: `order-${account.userId}`, requests: 1, day_gap: 7, max_uses: 1 },
      });
      expect(promo.status).toBe(201);
      expect(
        (await call(`/promos/use/order-${account.userId}`, { method: "POST", headers: authHeaders(account.record) }))
          .status,
      ).toBe(200);
      await update({ user_id: account.userId, requests: 1, mode: "add", days: 90 });

      const bySource = new Map((await limitsOf(account.record)).limits.map((l) => [l.id, l.source]));
      expect(bySource.get(subscription[0]!.id)).toBe("subscription");
      const order: string[] = [];
      for (let i = 0; i < 5; i++) order.push(bySource.get((await takeRequest(db, account.userId)).limitId)!);
      expect(order).toEqual(["daily", "promo", "subscription", "admin", "start"]);
      await expect(takeRequest(db, account.userId)).rejects.toMatchObject({ status: 402 });

      await update({ user_id: account.userId, mode: "add", is_unlimited: true, days: 1 });
      await update({ user_id: account.userId, requests: 1, mode: "add", days: 1 });
      expect(await takeRequest(db, account.userId)).toMatchObject({ unlimited: true });
    },
  );
});
