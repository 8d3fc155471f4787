import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";

type Plan = {
  id: number;
  name: string;
  price: number;
  day_gap: number;
  requests_limit: number;
  is_unlimited: boolean;
  is_visible: boolean;
};
type Headers = Record<string, string>;

let admin: Headers;
let user: Headers;

beforeAll(async () => {
  admin = authHeaders((await createAdmin()).record);
  user = authHeaders((await registerUser()).record);
});

const messagesOf = (detail: unknown) => (detail as { msg: string }[]).map((d) => d.msg);
const kopecksInDb = async (id: number) =>
  (await env.DB.prepare("SELECT price_kopecks FROM subscriptions WHERE id = ?")
    .bind(id)
    .first<{ price_kopecks: number }>())!.price_kopecks;

async function createPlan(body: Record<string, unknown>): Promise<Plan> {
  const res = await call("/subscriptions/", {
    headers: admin,
    json: { name: "Тестовый", price: 100, day_gap: 30, requests_limit: 10, ...body },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()) as Plan;
}

async function listAs(headers: Headers): Promise<Plan[]> {
  const res = await call("/subscriptions/", { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Plan[];
}

describe("the seeded plans", () => {
  it("are listed to a signed-in user, cheapest first, with prices in rubles", async () => {
    const plans = await listAs(user);
    const seeded = plans.filter((p) => ["Старт", "Стандарт", "Про", "Безлимит"].includes(p.name));
    expect(seeded.map((p) => [p.name, p.price, p.day_gap, p.requests_limit, p.is_unlimited])).toEqual([
      ["Старт", 199, 30, 30, false],
      ["Стандарт", 490, 30, 100, false],
      ["Про", 990, 30, 300, false],
      ["Безлимит", 1990, 30, 0, true],
    ]);
    expect(Object.keys(seeded[0]!).sort()).toEqual([
      "day_gap",
      "id",
      "is_unlimited",
      "is_visible",
      "name",
      "price",
      "requests_limit",
    ]);
    const prices = plans.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("need a signed-in user", async () => {
    expect((await call("/subscriptions/")).status).toBe(401);
  });
});

describe("prices", () => {
  it("are stored in exact kopecks, with no floating-point rounding", async () => {
    for (const [price, kopecks, shown] of [
      [0.29, 29, 0.29],
      [199.99, 19999, 199.99],
      [1.1, 110, 1.1],
      ["1234.5", 123450, 1234.5],
      ["490.00", 49000, 490],
      [1_000_000, 100_000_000, 1_000_000],
    ] as const) {
      const plan = await createPlan({ price });
      expect(plan.price).toBe(shown);
      expect(await kopecksInDb(plan.id)).toBe(kopecks);
    }
  });

  it(
    "are refused with a Russian reason when not a positive amount of at most 2 decimals up to 1 000 000 " + "₽",
    async () => {
      for (const [price, reason] of [
        [0, "Цена должна быть больше нуля"],
        [-5, "Цена должна быть больше нуля"],
        ["0.00", "Цена должна быть больше нуля"],
        [10.999, "не больше двух знаков после точки"],
        [0.1 + 0.2, "не больше двух знаков после точки"],
        [1_000_000.01, "Цена не может быть больше 1 000 000 ₽"],
        [1e21, "Цена указывается числом в рублях"],
        ["сто", "Цена указывается числом в рублях"],
        ["490,50", "Цена указывается числом в рублях"],
        [true, "Цена указывается числом в рублях"],
      ] as const) {
        const res = await call("/subscriptions/", {
          headers: admin,
          json: { name: "Неверный", price, day_gap: 30, requests_limit: 10 },
        });
        expect(res.status, String(price)).toBe(422);
        const detail = (await detailOf(res)) as { loc: unknown[]; msg: string }[];
        expect(detail[0]!.loc).toEqual(["body", "price"]);
        expect(detail[0]!.msg).toContain(reason);
      }
      const missing = await call("/subscriptions/", {
        headers: admin,
        json: { name: "Без цены", day_gap: 30, requests_limit: 10 },
      });
      expect(messagesOf(await detailOf(missing))).toContain("Укажите цену тарифа");
    },
  );
});

describe("plan writes", () => {
  it("other fields are checked too, in Russian", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call("/subscriptions/", {
        headers: admin,
        json: { name: "План", price: 100, day_gap: 30, requests_limit: 10, ...body },
      });
      expect(res.status).toBe(422);
      return messagesOf(await detailOf(res));
    };
    expect(await bad({ name: "  " })).toContain("Название тарифа не может быть пустым");
    expect(await bad({ name: "две\nстроки" })).toContain("Название тарифа должно быть в одну строку");
    expect(await bad({ day_gap: 0 })).toContain("Срок тарифа — не меньше 1 дня");
    expect(await bad({ day_gap: 1.5 })).toContain("Срок тарифа указывается целым числом дней");
    expect(await bad({ requests_limit: 0 })).toContain(
      "Укажите число запросов больше нуля или отметьте тариф безлимитным",
    );
    expect(await bad({ requests_limit: -1 })).toContain("Число запросов не может быть отрицательным");
    expect(await bad({ is_visible: "да" })).toContain("is_visible: true или false");
  });

  it("an unlimited plan needs no request count", async () => {
    const plan = await createPlan({ is_unlimited: true, requests_limit: undefined });
    expect(plan).toMatchObject({ is_unlimited: true, requests_limit: 0, is_visible: true });
  });

  it("PUT changes only the given fields, and the result must still be a valid plan", async () => {
    const plan = await createPlan({ name: "До правки", price: 300, requests_limit: 50 });
    const res = await call(`/subscriptions/${plan.id}`, {
      method: "PUT",
      headers: admin,
      json: { name: "После правки", price: 349.9 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...plan, name: "После правки", price: 349.9 });
    expect(await kopecksInDb(plan.id)).toBe(34990);

    const empty = await call(`/subscriptions/${plan.id}`, { method: "PUT", headers: admin, json: {} });
    expect(empty.status).toBe(422);
    expect(messagesOf(await detailOf(empty))).toContain("Укажите хотя бы одно поле тарифа");

    const unlimited = await createPlan({ is_unlimited: true, requests_limit: 0 });
    const counted = await call(`/subscriptions/${unlimited.id}`, {
      method: "PUT",
      headers: admin,
      json: { is_unlimited: false },
    });
    expect(counted.status).toBe(422);
    expect(await detailOf(counted)).toEqual([
      {
        loc: ["body", "requests_limit"],
        msg: "Укажите число запросов больше нуля или отметьте тариф безлимитным",
        type: "value_error",
      },
    ]);

    const missing = await call("/subscriptions/999999", {
      method: "PUT",
      headers: admin,
      json: { name: "Нет такого" },
    });
    expect(missing.status).toBe(404);
    expect(await detailOf(missing)).toBe("Тариф не найден");
  });

  it("are for admins only: 403 for users, 401 without a token", async () => {
    const plan = await createPlan({});
    const attempts = [
      () =>
        call("/subscriptions/", { headers: user, json: { name: "Мой", price: 1, day_gap: 1, requests_limit: 1000 } }),
      () => call(`/subscriptions/${plan.id}`, { method: "PUT", headers: user, json: { price: 1 } }),
      () => call(`/subscriptions/${plan.id}`, { method: "DELETE", headers: user }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toBe("Недостаточно прав");
    }
    expect(
      (await call("/subscriptions/", { json: { name: "Аноним", price: 1, day_gap: 1, requests_limit: 1 } })).status,
    ).toBe(401);
    expect(await kopecksInDb(plan.id)).toBe(10000);
  });
});

describe("visibility", () => {
  it("a hidden plan does not exist for users, while admins see and manage it", async () => {
    const hidden = await createPlan({ name: "Скрытый", is_visible: false });
    expect((await listAs(user)).map((p) => p.id)).not.toContain(hidden.id);
    expect((await listAs(admin)).map((p) => p.id)).toContain(hidden.id);

    const asUser = await call(`/subscriptions/${hidden.id}`, { headers: user });
    expect(asUser.status).toBe(404);
    expect(await detailOf(asUser)).toBe("Тариф не найден");
    expect(await (await call(`/subscriptions/${hidden.id}`, { headers: admin })).json()).toEqual(hidden);
    // Nor can a user buy it.
    expect((await call(`/payments/${hidden.id}`, { method: "POST", headers: user })).status).toBe(404);

    const shown = await call(`/subscriptions/${hidden.id}`, {
      method: "PUT",
      headers: admin,
      json: { is_visible: true },
    });
    expect(((await shown.json()) as Plan).is_visible).toBe(true);
    expect((await listAs(user)).map((p) => p.id)).toContain(hidden.id);
    expect((await call(`/subscriptions/${hidden.id}`, { headers: user })).status).toBe(200);
  });

  it("an id that is not a number is a 404 (names no plan)", async () => {
    const res = await call("/subscriptions/abc", { headers: user });
    expect(res.status).toBe(404);
  });
});

describe("DELETE /subscriptions/{id}", () => {
  it("deletes a plan nobody has paid for", async () => {
    const plan = await createPlan({});
    const res = await call(`/subscriptions/${plan.id}`, { method: "DELETE", headers: admin });
    expect(res.status).toBe(204);
    expect((await call(`/subscriptions/${plan.id}`, { headers: admin })).status).toBe(404);
    expect((await call(`/subscriptions/${plan.id}`, { method: "DELETE", headers: admin })).status).toBe(404);
  });

  it("hides a plan with payments instead: the payments keep their plan", async () => {
    const plan = await createPlan({ name: "Оплаченный" });
    const url = await call(`/payments/${plan.id}`, { method: "POST", headers: user });
    expect(url.status).toBe(200);
    const res = await call(`/subscriptions/${plan.id}`, { method: "DELETE", headers: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...plan, is_visible: false });
    expect((await listAs(user)).map((p) => p.id)).not.toContain(plan.id);
    expect((await call(`/subscriptions/${plan.id}`, { headers: admin })).status).toBe(200);
  });
});
