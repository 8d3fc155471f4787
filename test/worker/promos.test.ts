import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { applyPromoUse, findPromo } from "../../worker/billing/services/promos";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, createAdmin, detailOf, registerUser, type AuthRecord } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

type Promo = {
  id: number;
  name: string;
  requests: number | null;
  subscription_id: number | null;
  day_gap: number | null;
  max_uses: number;
  uses: number;
  expires_at: string | null;
  active: boolean;
};
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
    name: string | null;
  }[];
};

const admin = await createAdmin();
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  call(path, { ...init, headers: authHeaders(admin.record) });
const uniqueCode = (prefix = "code") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

async function newPromo(fields: Record<string, unknown>): Promise<Promo> {
  const res = await asAdmin("/promos/", { json: { name: uniqueCode(), max_uses: 100, ...fields } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Promo;
}

const usePromo = (record: AuthRecord, name: string) =>
  call(`/promos/use/${encodeURIComponent(name)}`, { method: "POST", headers: authHeaders(record) });

async function limitsOf(record: AuthRecord): Promise<Limits> {
  const res = await call("/limits/", { headers: authHeaders(record) });
  expect(res.status).toBe(200);
  return (await res.json()) as Limits;
}

const promoRows = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT requests, available_requests, is_unlimited, date_expire FROM limits WHERE user_id = ? AND source = " +
        "'promo' ORDER BY id",
    )
      .bind(userId)
      .all()
  ).results;

/** A plan, written as the plans admin would (their routes are another part of the issue). */
async function newPlan(plan: {
  dayGap: number;
  requests: number;
  unlimited?: boolean;
  visible?: boolean;
}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO subscriptions (name, price_kopecks, day_gap, requests_limit, is_unlimited, is_visible) VALUES (?, " +
      "49000, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      `План ${crypto.randomUUID().slice(0, 6)}`,
      plan.dayGap,
      plan.requests,
      plan.unlimited ? 1 : 0,
      plan.visible === false ? 0 : 1,
    )
    .first<{ id: number }>();
  return row!.id;
}

describe("promos admin", () => {
  it("creates a code stored upper-cased, with defaults, and answers 201 with the promo", async () => {
    const name = uniqueCode("весна");
    const res = await asAdmin("/promos/", { json: { name: `  ${name} `, requests: 50, max_uses: 10 } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      name: name.toUpperCase(),
      requests: 50,
      subscription_id: null,
      day_gap: null,
      max_uses: 10,
      uses: 0,
      expires_at: null,
      active: true,
    });
  });

  it("refuses a duplicate name, whatever its case, with 409", async () => {
    const promo = await newPromo({ requests: 5 });
    const res = await asAdmin("/promos/", { json: { name: promo.name.toLowerCase(), requests: 5, max_uses: 1 } });
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe("Промокод с таким названием уже существует");
  });

  it("grants requests or a plan, never both or neither, and the plan must exist", async () => {
    const planId = await newPlan({ dayGap: 30, requests: 100 });
    for (const json of [
      { name: uniqueCode(), max_uses: 1 },
      { name: uniqueCode(), max_uses: 1, requests: 5, subscription_id: planId },
    ]) {
      const res = await asAdmin("/promos/", { json });
      expect(res.status).toBe(422);
      expect(await detailOf(res)).toEqual([
        expect.objectContaining({
          loc: ["body", "requests"],
          msg: "Промокод даёт либо запросы (requests), либо тариф (subscription_id): укажите одно из двух",
        }),
      ]);
    }
    const missing = await asAdmin("/promos/", { json: { name: uniqueCode(), max_uses: 1, subscription_id: 999_999 } });
    expect(missing.status).toBe(422);
    expect(await detailOf(missing)).toEqual([
      expect.objectContaining({ loc: ["body", "subscription_id"], msg: "Тариф не найден" }),
    ]);
  });

  it("validates the fields with Russian messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ requests: 5, max_uses: 1 }, "name"],
      [{ name: "два слова", requests: 5, max_uses: 1 }, "name"],
      [{ name: uniqueCode(), requests: 0, max_uses: 1 }, "requests"],
      [{ name: uniqueCode(), requests: 5, max_uses: 0 }, "max_uses"],
      [{ name: uniqueCode(), requests: 5, max_uses: 1, day_gap: 1.5 }, "day_gap"],
      [{ name: uniqueCode(), requests: 5, max_uses: 1, expires_at: "завтра" }, "expires_at"],
    ];
    for (const [json, field] of cases) {
      const res = await asAdmin("/promos/", { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      const [issue] = (await detailOf(res)) as { loc: string[]; msg: string }[];
      expect(issue!.loc).toEqual(["body", field]);
      expect(issue!.msg).toMatch(/[а-яё]/i);
    }
  });

  it("lists the promos newest first and shows one; an unknown id is 404", async () => {
    const older = await newPromo({ requests: 1 });
    const newer = await newPromo({ requests: 2 });
    const list = (await (await asAdmin("/promos/")).json()) as Promo[];
    expect(list.findIndex((p) => p.id === newer.id)).toBeLessThan(list.findIndex((p) => p.id === older.id));
    const one = await asAdmin(`/promos/${older.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(older);
    const unknown = await asAdmin("/promos/999999");
    expect(unknown.status).toBe(404);
    expect(await detailOf(unknown)).toBe("Промокод не найден");
  });

  it("updates only the fields given: renames (409 on a taken name), switches to a plan, sets an expiry", async () => {
    const promo = await newPromo({ requests: 3 });
    const other = await newPromo({ requests: 3 });
    const planId = await newPlan({ dayGap: 7, requests: 20 });
    const renamed = await asAdmin(`/promos/${promo.id}`, {
      method: "PUT",
      json: { name: `переименован-${promo.id}`, max_uses: 7 },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: `ПЕРЕИМЕНОВАН-${promo.id}`, max_uses: 7, requests: 3 });

    const taken = await asAdmin(`/promos/${promo.id}`, { method: "PUT", json: { name: other.name.toLowerCase() } });
    expect(taken.status).toBe(409);
    expect(await detailOf(taken)).toBe("Промокод с таким названием уже существует");

    const both = await asAdmin(`/promos/${promo.id}`, { method: "PUT", json: { subscription_id: planId } });
    expect(both.status).toBe(422);
    const switched = await asAdmin(`/promos/${promo.id}`, {
      method: "PUT",
      json: { subscription_id: planId, requests: null, expires_at: "2030-01-01T00:00:00+03:00", active: false },
    });
    expect(switched.status).toBe(200);
    expect(await switched.json()).toMatchObject({
      requests: null,
      subscription_id: planId,
      expires_at: "2029-12-31T21:00:00.000Z",
      active: false,
    });

    const unknown = await asAdmin("/promos/999999", { method: "PUT", json: { active: true } });
    expect(unknown.status).toBe(404);
  });

  it("is for admins only: 403 for users, 401 without a token", async () => {
    const user = await registerUser();
    const promo = await newPromo({ requests: 1 });
    for (const [path, method, json] of [
      ["/promos/", "POST", { name: uniqueCode(), requests: 1, max_uses: 1 }],
      ["/promos/", "GET", undefined],
      [`/promos/${promo.id}`, "GET", undefined],
      [`/promos/${promo.id}`, "PUT", { active: false }],
    ] as const) {
      const res = await call(path, { method, json, headers: authHeaders(user.record) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await detailOf(res)).toBe("Недостаточно прав");
      expect((await call(path, { method, json })).status).toBe(401);
    }
    expect(await findPromo(getDb(env.DB), promo.id)).toMatchObject({ active: true });
  });
});

describe("POST /promos/use/{name}", () => {
  it("grants the requests for day_gap days, case-insensitively, and answers the caller's limits", async () => {
    const promo = await newPromo({ name: uniqueCode("Лето"), requests: 25, day_gap: 7 });
    const user = await registerUser();
    const before = Date.now();
    const res = await usePromo(user.record, promo.name.toLowerCase());
    expect(res.status).toBe(200);
    const limits = (await res.json()) as Limits;
    expect(limits.available_requests).toBe(QUOTAS.startRequests + 25);
    const granted = limits.limits.find((l) => l.source === "promo")!;
    expect(granted).toMatchObject({
      requests: 25,
      available_requests: 25,
      is_unlimited: false,
      name: `Промокод ${promo.name}`,
    });
    const expires = Date.parse(granted.date_expire!);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(await limitsOf(user.record)).toEqual(limits);
    expect((await findPromo(getDb(env.DB), promo.id)).uses).toBe(1);
  });

  it("grants requests that never expire when the promo has no day_gap", async () => {
    const promo = await newPromo({ requests: 4 });
    const user = await registerUser();
    expect((await usePromo(user.record, promo.name)).status).toBe(200);
    expect(await promoRows(user.userId)).toEqual([
      { requests: 4, available_requests: 4, is_unlimited: 0, date_expire: null },
    ]);
  });

  it("grants a plan: its requests for its day_gap, or unlimited; the promo's own day_gap wins when set", async () => {
    const user = await registerUser();
    const before = Date.now();
    const plan = await newPromo({ subscription_id: await newPlan({ dayGap: 30, requests: 100 }) });
    expect((await usePromo(user.record, plan.name)).status).toBe(200);
    const unlimited = await newPromo({
      subscription_id: await newPlan({ dayGap: 30, requests: 0, unlimited: true, visible: false }),
      day_gap: 3,
    });
    const res = await usePromo(user.record, unlimited.name);
    expect(res.status).toBe(200);
    expect((await res.json()) as Limits).toMatchObject({ is_unlimited: true });

    const rows = (await promoRows(user.userId)) as { requests: number; is_unlimited: number; date_expire: number }[];
    expect(rows.map((r) => [r.requests, r.is_unlimited])).toEqual([
      [100, 0],
      [0, 1],
    ]);
    expect(rows[0]!.date_expire).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(rows[1]!.date_expire).toBeLessThanOrEqual(Date.now() + 3 * DAY);
  });

  it("once per user: a second use is 409 and grants nothing more", async () => {
    const promo = await newPromo({ requests: 5 });
    const user = await registerUser();
    expect((await usePromo(user.record, promo.name)).status).toBe(200);
    const again = await usePromo(user.record, promo.name.toLowerCase());
    expect(again.status).toBe(409);
    expect(await detailOf(again)).toBe("Вы уже активировали этот промокод");
    expect(await promoRows(user.userId)).toHaveLength(1);
    expect((await findPromo(getDb(env.DB), promo.id)).uses).toBe(1);
  });

  it(
    "unknown, inactive and expired codes are 404; a code with no uses left is 409; none of them grants " + "anything",
    async () => {
      const user = await registerUser();
      const inactive = await newPromo({ requests: 5, active: false });
      const expired = await newPromo({ requests: 5, expires_at: new Date(Date.now() - 1000).toISOString() });
      const usedUp = await newPromo({ requests: 5, max_uses: 1 });
      expect((await usePromo((await registerUser()).record, usedUp.name)).status).toBe(200);

      for (const name of ["НЕТ-ТАКОГО-КОДА", inactive.name, expired.name]) {
        const res = await usePromo(user.record, name);
        expect(res.status, name).toBe(404);
        expect(await detailOf(res)).toBe("Промокод не найден");
      }
      const res = await usePromo(user.record, usedUp.name);
      expect(res.status).toBe(409);
      expect(await detailOf(res)).toBe("Промокод больше не действует");
      expect(await promoRows(user.userId)).toEqual([]);
      expect((await limitsOf(user.record)).available_requests).toBe(QUOTAS.startRequests);
    },
  );

  it("a code with a future expiry works, and turning it off stops it", async () => {
    const promo = await newPromo({ requests: 2, expires_at: new Date(Date.now() + DAY).toISOString() });
    expect((await usePromo((await registerUser()).record, promo.name)).status).toBe(200);
    await asAdmin(`/promos/${promo.id}`, { method: "PUT", json: { active: false } });
    expect((await usePromo((await registerUser()).record, promo.name)).status).toBe(404);
  });

  it("needs a signed-in user", async () => {
    const promo = await newPromo({ requests: 1 });
    const res = await call(`/promos/use/${promo.name}`, { method: "POST" });
    expect(res.status).toBe(401);
  });
});

describe("promo races", () => {
  it("two users racing for the last use: exactly one wins and only the winner is granted", async () => {
    const promo = await newPromo({ requests: 9, max_uses: 1 });
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    const answers = await Promise.all([usePromo(a.record, promo.name), usePromo(b.record, promo.name)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(await detailOf(loser)).toBe("Промокод больше не действует");
    expect((await findPromo(getDb(env.DB), promo.id)).uses).toBe(1);
    expect([...(await promoRows(a.userId)), ...(await promoRows(b.userId))]).toHaveLength(1);
  });

  it("many users racing for three uses: exactly three win", async () => {
    const promo = await newPromo({ requests: 1, max_uses: 3 });
    const users = await Promise.all(Array.from({ length: 8 }, () => registerUser()));
    const answers = await Promise.all(users.map((u) => usePromo(u.record, promo.name)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await findPromo(getDb(env.DB), promo.id)).uses).toBe(3);
    const uses = await env.DB.prepare("SELECT count(*) AS n FROM promo_uses WHERE promo_id = ?")
      .bind(promo.id)
      .first<{ n: number }>();
    expect(uses!.n).toBe(3);
  });

  it("one user sending the code twice at once is granted once", async () => {
    const promo = await newPromo({ requests: 6 });
    const user = await registerUser();
    const answers = await Promise.all([usePromo(user.record, promo.name), usePromo(user.record, promo.name)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await promoRows(user.userId)).toHaveLength(1);
    expect((await findPromo(getDb(env.DB), promo.id)).uses).toBe(1);
  });

  it(
    "a use decided on a stale read (the last use taken meanwhile) is rolled back whole: no use, no record, no " +
      "grant",
    async () => {
      const promo = await newPromo({ requests: 8, max_uses: 1 });
      const db = getDb(env.DB);
      const stale = await findPromo(db, promo.id);
      const winner = await registerUser();
      await applyPromoUse(db, winner.userId, stale);
      const late = await registerUser();
      await expect(applyPromoUse(db, late.userId, stale)).rejects.toThrow();
      expect((await findPromo(db, promo.id)).uses).toBe(1);
      expect(await promoRows(late.userId)).toEqual([]);
      const record = await env.DB.prepare("SELECT count(*) AS n FROM promo_uses WHERE promo_id = ? AND user_id = ?")
        .bind(promo.id, late.userId)
        .first<{ n: number }>();
      expect(record!.n).toBe(0);
      // The winner's record points at the row it was granted.
      const won = await env.DB.prepare(
        "SELECT l.source, l.requests FROM promo_uses u JOIN limits l ON l.id = u.limit_id WHERE u.promo_id = ? AND " +
          "u.user_id = ?",
      )
        .bind(promo.id, winner.userId)
        .first();
      expect(won).toEqual({ source: "promo", requests: 8 });
    },
  );

  it("a stale read of a code the user already used is rolled back too", async () => {
    const promo = await newPromo({ requests: 8, max_uses: 5 });
    const db = getDb(env.DB);
    const stale = await findPromo(db, promo.id);
    const user = await registerUser();
    await applyPromoUse(db, user.userId, stale);
    await expect(applyPromoUse(db, user.userId, stale)).rejects.toThrow();
    expect((await findPromo(db, promo.id)).uses).toBe(1);
    expect(await promoRows(user.userId)).toHaveLength(1);
  });
});
