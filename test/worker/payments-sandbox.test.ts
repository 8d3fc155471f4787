import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";

// The built-in sandbox provider (PAYMENT_PROVIDER = "sandbox", the local default) end to end
// through HTTP, as the web app and the payer's browser go through it.

type Payment = {
  id: string;
  subscription_id: number;
  amount: number;
  currency: string;
  status: string;
  provider: string;
  created_at: string;
  credited: boolean;
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
type Plan = { id: number; name: string; price: number; day_gap: number; requests_limit: number; is_unlimited: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
let admin: Record<string, string>;

beforeAll(async () => {
  admin = authHeaders((await createAdmin()).record);
});
afterEach(() => {
  env.PAYMENT_PROVIDER = "sandbox";
});

async function seededPlan(name: string): Promise<Plan> {
  const plans = (await (await call("/subscriptions/", { headers: admin })).json()) as Plan[];
  return plans.find((p) => p.name === name)!;
}

async function buyer() {
  const account = await registerUser();
  return { ...account, headers: authHeaders(account.record) };
}

async function startPayment(headers: Record<string, string>, planId: number): Promise<{ url: string; id: string }> {
  const res = await call(`/payments/${planId}`, { method: "POST", headers });
  expect(res.status).toBe(200);
  const url = (await res.json()) as string;
  expect(typeof url).toBe("string");
  const id = url.split("/").at(-1)!;
  return { url, id };
}

/** The payer's browser on the checkout page (it has no token: the page is opened in a new tab). */
const openCheckout = (url: string) => SELF.fetch(url.replace(env.APP_URL, "http://app.test"));
const choose = (url: string, action: string) =>
  SELF.fetch(url.replace(env.APP_URL, "http://app.test"), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action }).toString(),
  });

const limitsOf = async (headers: Record<string, string>) =>
  (await (await call("/limits/", { headers })).json()) as Limits;
const paymentOf = async (headers: Record<string, string>, id: string) => {
  const res = await call(`/payments/${id}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Payment;
};
const subscriptionRows = (userId: number) =>
  env.DB.prepare("SELECT * FROM limits WHERE user_id = ? AND source = 'subscription'")
    .bind(userId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

describe("paying through the sandbox", () => {
  it("create → the checkout page → pay → the plan's pack → back to /checkout", async () => {
    const plan = await seededPlan("Стандарт");
    const { headers, userId } = await buyer();
    const before = await limitsOf(headers);

    const { url, id } = await startPayment(headers, plan.id);
    expect(url).toBe(`${env.APP_URL}/api/v2/payments/sandbox/${id}`);
    expect(await paymentOf(headers, id)).toEqual({
      id,
      subscription_id: plan.id,
      plan_name: "Стандарт",
      receipt_url: null,
      amount: 490,
      currency: "RUB",
      status: "pending",
      provider: "sandbox",
      created_at: expect.any(String),
      credited: false,
      pay_url: url,
      expires_at: expect.any(String),
      expired: false,
    });

    const page = await openCheckout(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const htmlText = await page.text();
    for (const text of ["Тестовая оплата", "Стандарт", "490 ₽", "Оплатить", "Отменить", 'name="action" value="pay"'])
      expect(htmlText).toContain(text);

    const startedAt = Date.now();
    const paid = await choose(url, "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${env.APP_URL}/checkout?payment_id=${id}`);

    expect(await paymentOf(headers, id)).toMatchObject({ status: "succeeded", credited: true });
    const after = await limitsOf(headers);
    expect(after.available_requests).toBe(before.available_requests + 100);
    const granted = after.limits.filter((l) => l.source === "subscription");
    expect(granted).toHaveLength(1);
    // The pack is named after the plan bought (docs/billing.md "Balance").
    expect(granted[0]).toMatchObject({ requests: 100, available_requests: 100, is_unlimited: false, name: "Стандарт" });
    const expires = Date.parse(granted[0]!.date_expire!);
    expect(expires).toBeGreaterThanOrEqual(startedAt + 30 * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    // The list says what was paid for, newest first, with the receipt the sandbox "made".
    const listed = (await (await call("/payments/", { headers })).json()) as {
      id: string;
      plan_name: string;
      status: string;
      receipt_url: string;
    }[];
    expect(listed[0]).toMatchObject({
      id,
      plan_name: "Стандарт",
      status: "succeeded",
      receipt_url: `${env.APP_URL}/api/v2/payments/sandbox/${id}/receipt`,
    });
    const receipt = await SELF.fetch(listed[0]!.receipt_url.replace(env.APP_URL, "http://app.test"));
    expect(receipt.status).toBe(200);
    const receiptText = await receipt.text();
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(userId)
      .first<{ email: string }>())!.email;
    for (const text of [
      "Кассовый чек",
      "Пакет запросов «Стандарт» сервиса «Ясно»",
      "490 ₽",
      "Без НДС",
      "услуга",
      "полный расчёт",
      email,
      "не фискальный",
    ]) {
      expect(receiptText).toContain(text);
    }

    // Paying again (a second click, the back button) grants nothing more; the page says it is paid.
    expect((await choose(url, "pay")).status).toBe(303);
    expect((await choose(url, "cancel")).status).toBe(303);
    expect(await subscriptionRows(userId)).toHaveLength(1);
    expect(await paymentOf(headers, id)).toMatchObject({ status: "succeeded", credited: true });
    const again = await (await openCheckout(url)).text();
    expect(again).toContain("Платёж уже оплачен.");
    expect(again).not.toContain("Оплатить");
    expect(again).toContain(`href="${env.APP_URL}/checkout?payment_id=${id}"`);

    const list = await call("/payments/", { headers });
    expect(((await list.json()) as Payment[]).map((p) => p.id)).toEqual([id]);
  });

  it("an unlimited plan grants an unlimited pack", async () => {
    const plan = await seededPlan("Безлимит");
    const { headers } = await buyer();
    const { url } = await startPayment(headers, plan.id);
    expect((await openCheckout(url)).status).toBe(200);
    expect(await (await openCheckout(url)).text()).toContain("1\u00a0990 ₽");
    await choose(url, "pay");
    const limits = await limitsOf(headers);
    expect(limits.is_unlimited).toBe(true);
    expect(limits.limits.find((l) => l.source === "subscription")).toMatchObject({ is_unlimited: true, requests: 0 });
  });

  it("cancel grants nothing, and a canceled payment cannot be paid afterwards", async () => {
    const plan = await seededPlan("Старт");
    const { headers, userId } = await buyer();
    const { url, id } = await startPayment(headers, plan.id);
    const canceled = await choose(url, "cancel");
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get("location")).toBe(`${env.APP_URL}/checkout?payment_id=${id}`);
    expect(await paymentOf(headers, id)).toMatchObject({ status: "canceled", credited: false });
    await choose(url, "pay");
    expect(await paymentOf(headers, id)).toMatchObject({ status: "canceled", credited: false });
    expect(await subscriptionRows(userId)).toHaveLength(0);
    expect(await (await openCheckout(url)).text()).toContain("Платёж отменён.");
  });

  it("the checkout page refuses unknown payments, bad actions, and exists only with the sandbox provider", async () => {
    const plan = await seededPlan("Старт");
    const { headers } = await buyer();
    const { url } = await startPayment(headers, plan.id);
    expect((await openCheckout(`${env.APP_URL}/api/v2/payments/sandbox/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await openCheckout(`${env.APP_URL}/api/v2/payments/sandbox/not-a-uuid`)).status).toBe(422);
    expect((await choose(url, "steal")).status).toBe(422);

    env.PAYMENT_PROVIDER = "yookassa";
    expect((await openCheckout(url)).status).toBe(404);
    expect((await choose(url, "pay")).status).toBe(404);
  });
});

describe("payments belong to their payer", () => {
  it("another user's payment is a 404, and a list shows only one's own", async () => {
    const plan = await seededPlan("Старт");
    const owner = await buyer();
    const other = await buyer();
    const { id } = await startPayment(owner.headers, plan.id);
    const res = await call(`/payments/${id}`, { headers: other.headers });
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Платёж не найден");
    expect(await (await call("/payments/", { headers: other.headers })).json()).toEqual([]);
    expect((await call(`/payments/${id}`)).status).toBe(401);
    expect((await call("/payments/not-a-uuid", { headers: owner.headers })).status).toBe(422);
    // An unpaid payment has no receipt page.
    expect((await SELF.fetch(`http://app.test/api/v2/payments/sandbox/${id}/receipt`)).status).toBe(404);
  });

  it("a payer without an e-mail is asked for one first: the receipt must go somewhere (54-ФЗ)", async () => {
    const plan = await seededPlan("Старт");
    const { headers, userId } = await buyer();
    await env.DB.prepare("UPDATE users SET email = NULL WHERE id = ?").bind(userId).run();
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers });
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe("Укажите e-mail в настройках аккаунта: на него придёт чек об оплате");
    expect(await (await call("/payments/", { headers })).json()).toEqual([]);
  });

  it("an unknown plan is a 404", async () => {
    const { headers } = await buyer();
    const res = await call("/payments/999999", { method: "POST", headers });
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Тариф не найден");
  });

  it("an unknown provider answers 503 in Russian and records nothing", async () => {
    const plan = await seededPlan("Старт");
    const { headers, userId } = await buyer();
    env.PAYMENT_PROVIDER = "robokassa";
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers });
    expect(res.status).toBe(503);
    expect(await detailOf(res)).toBe("Оплата временно недоступна");
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("refunds (admin)", () => {
  it("refund through the sandbox takes back what the pack has left; once", async () => {
    const plan = await seededPlan("Старт");
    const { headers, userId } = await buyer();
    const { url, id } = await startPayment(headers, plan.id);
    await choose(url, "pay");
    const before = await limitsOf(headers);
    expect(before.limits.some((l) => l.source === "subscription")).toBe(true);

    const forbidden = await call(`/payments/${id}/refund`, { method: "POST", headers });
    expect(forbidden.status).toBe(403);

    const res = await call(`/payments/${id}/refund`, { method: "POST", headers: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "refunded", credited: true });
    const after = await limitsOf(headers);
    expect(after.limits.some((l) => l.source === "subscription")).toBe(false);
    expect(after.available_requests).toBe(before.available_requests - 30);
    const [row] = await subscriptionRows(userId);
    expect(row).toMatchObject({ available_requests: 0 });
    expect(row!.date_expire as number).toBeLessThanOrEqual(Date.now());

    const twice = await call(`/payments/${id}/refund`, { method: "POST", headers: admin });
    expect(twice.status).toBe(409);
    expect(await detailOf(twice)).toBe("Платёж уже возвращён");
    // A late "pay" on the checkout page does not grant it again.
    await choose(url, "pay");
    expect(await subscriptionRows(userId)).toHaveLength(1);
    expect(await paymentOf(headers, id)).toMatchObject({ status: "refunded" });
  });

  it("an unpaid payment cannot be refunded; an unknown one is a 404", async () => {
    const plan = await seededPlan("Старт");
    const { headers } = await buyer();
    const { id } = await startPayment(headers, plan.id);
    const res = await call(`/payments/${id}/refund`, { method: "POST", headers: admin });
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe("Вернуть можно только оплаченный платёж");
    expect((await call(`/payments/${crypto.randomUUID()}/refund`, { method: "POST", headers: admin })).status).toBe(
      404,
    );
  });
});
