import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeYooKassa, fetchThrough } from "./fakes/yookassa";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";

// Payments through YooKassa's API v3, against a fake YooKassa at its HTTP boundary.

const API_URL = "https://yookassa.fake.test/v3";
const SHOP_ID = "506751";
const SECRET_KEY = "test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0";
const fake = new FakeYooKassa(API_URL, SHOP_ID, SECRET_KEY);

type Plan = { id: number; name: string; price: number };
let admin: Record<string, string>;

beforeAll(async () => {
  admin = authHeaders((await createAdmin()).record);
});
beforeEach(() => {
  fake.reset();
  vi.stubGlobal("fetch", fetchThrough(fake));
  // The Worker reads its settings per request from the same env object the tests hold.
  Object.assign(env, {
    PAYMENT_PROVIDER: "yookassa",
    YOOKASSA_API_URL: API_URL,
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET_KEY,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(env, {
    PAYMENT_PROVIDER: "sandbox",
    YOOKASSA_API_URL: "https://api.yookassa.ru/v3",
    YOOKASSA_SHOP_ID: undefined,
    YOOKASSA_SECRET_KEY: undefined,
  });
});

async function planPriced(price: number | string): Promise<Plan> {
  const res = await call("/subscriptions/", {
    headers: admin,
    json: { name: `Пакет за ${price}`, price, day_gap: 7, requests_limit: 25 },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Plan;
}

const paymentRow = (id: string) =>
  env.DB.prepare("SELECT * FROM payments WHERE id = ?").bind(id).first<Record<string, unknown>>();
const ourIdOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT id FROM payments WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
      .bind(userId)
      .first<{ id: string }>()
  )?.id;

describe("POST /payments/{subscriptionId} with YooKassa", () => {
  it("creates the payment as YooKassa documents it and answers its confirmation URL", async () => {
    const plan = await planPriced(199.99);
    const { record, userId } = await registerUser();
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const url = await res.json();
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(userId)
      .first<{ email: string }>())!.email;

    const [created] = fake.callsTo("POST", "/payments");
    const id = await ourIdOf(userId);
    const remote = [...fake.payments.values()][0]!;
    expect(url).toBe(remote.confirmation!.confirmation_url);
    expect(created!.headers.get("authorization")).toBe(`Basic ${btoa(`${SHOP_ID}:${SECRET_KEY}`)}`);
    expect(created!.headers.get("idempotence-key")).toBe(id);
    expect(created!.headers.get("content-type")).toBe("application/json");
    expect(created!.body).toEqual({
      amount: { value: "199.99", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `${env.APP_URL}/checkout?payment_id=${id}` },
      description: `«Ясно»: ${plan.name}`,
      metadata: { payment_id: id },
      // 54-ФЗ: the receipt to the payer's e-mail, one service paid in full, the VAT code of settings.
      receipt: {
        customer: { email },
        items: [
          {
            description: `Пакет запросов «${plan.name}» сервиса «Ясно»`,
            quantity: 1,
            amount: { value: "199.99", currency: "RUB" },
            vat_code: Number(env.RECEIPT_VAT_CODE),
            payment_subject: "service",
            payment_mode: "full_payment",
          },
        ],
      },
    });
    expect(await paymentRow(id!)).toMatchObject({
      user_id: userId,
      subscription_id: plan.id,
      amount_kopecks: 19999,
      currency: "RUB",
      provider: "yookassa",
      provider_payment_id: remote.id,
      status: "pending",
      confirmation_url: url,
      credited_at: null,
    });
  });

  it("sends amounts exactly, as strings with two decimals", async () => {
    const { record } = await registerUser();
    for (const [price, value] of [
      [0.29, "0.29"],
      [490, "490.00"],
      [1.1, "1.10"],
      [1_000_000, "1000000.00"],
    ] as const) {
      fake.reset();
      const plan = await planPriced(price);
      expect((await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) })).status).toBe(200);
      expect((fake.callsTo("POST", "/payments")[0]!.body as { amount: unknown }).amount).toEqual({
        value,
        currency: "RUB",
      });
    }
  });

  it("repeats a failed call with the same Idempotence-Key, so a lost answer never makes a second payment", async () => {
    const plan = await planPriced(490);
    const { record, userId } = await registerUser();
    fake.loseNextAnswer = 1;
    fake.failNext = 0;
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const calls = fake.callsTo("POST", "/payments");
    expect(calls).toHaveLength(2);
    const id = await ourIdOf(userId);
    expect(calls.map((c) => c.headers.get("idempotence-key"))).toEqual([id, id]);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(fake.payments.size).toBe(1);
    expect(await res.json()).toBe([...fake.payments.values()][0]!.confirmation!.confirmation_url);
  });

  it("gives up after a few 500s with a Russian 502, and the payment is recorded as canceled", async () => {
    const plan = await planPriced(490);
    const { record, userId } = await registerUser();
    fake.failNext = 10;
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(502);
    expect(await detailOf(res)).toBe("Платёжная система не ответила, попробуйте позже");
    expect(fake.callsTo("POST", "/payments")).toHaveLength(3);
    expect(await paymentRow((await ourIdOf(userId))!)).toMatchObject({ status: "canceled", provider_payment_id: null });
  });

  it("wrong shop credentials: 502, nothing to pay", async () => {
    const plan = await planPriced(490);
    const { record } = await registerUser();
    env.YOOKASSA_SECRET_KEY = "test_wrong";
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(502);
    expect(fake.callsTo("POST", "/payments")).toHaveLength(1);
    expect(fake.payments.size).toBe(0);
  });

  it("without YooKassa's secrets: 503 in Russian, nothing recorded, no call made", async () => {
    const plan = await planPriced(490);
    const { record, userId } = await registerUser();
    env.YOOKASSA_SECRET_KEY = undefined;
    const res = await call(`/payments/${plan.id}`, { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(503);
    expect(await detailOf(res)).toBe("Оплата временно недоступна");
    expect(await ourIdOf(userId)).toBeUndefined();
    expect(fake.calls).toHaveLength(0);
  });
});

type Limits = {
  available_requests: number;
  limits: { source: string; requests: number; available_requests: number }[];
};

/** A user who has started paying for a 490 ₽ plan of 25 requests; the test plays the payer at YooKassa. */
async function startedPayment() {
  const plan = await planPriced(490);
  const account = await registerUser();
  const headers = authHeaders(account.record);
  expect((await call(`/payments/${plan.id}`, { method: "POST", headers })).status).toBe(200);
  const id = (await ourIdOf(account.userId))!;
  const yooId = (await paymentRow(id))!.provider_payment_id as string;
  return { ...account, headers, id, yooId, plan };
}

const YOOKASSA_IP = "185.71.76.10";
const deliver = (notice: unknown, ip = YOOKASSA_IP) => call("/payments/yookassa/notifications", { json: notice, ip });
const granted = async (userId: number) =>
  (
    await env.DB.prepare("SELECT * FROM limits WHERE user_id = ? AND source = 'subscription'")
      .bind(userId)
      .all<Record<string, unknown>>()
  ).results;
const statusOf = async (id: string) => (await paymentRow(id))!.status;

describe("YooKassa's notices", () => {
  it("a succeeded payment grants the plan's pack, once, however often the notice comes", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded");
    for (let i = 0; i < 3; i++) expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(200);
    const rows = await granted(p.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requests: 25, available_requests: 25, is_unlimited: 0 });
    expect(await paymentRow(p.id)).toMatchObject({
      status: "succeeded",
      limit_id: rows[0]!.id,
      credited_at: expect.any(Number),
    });
    const limits = (await (await call("/limits/", { headers: p.headers })).json()) as Limits;
    expect(limits.limits.filter((l) => l.source === "subscription")).toHaveLength(1);
  });

  it("notices delivered at the same time still grant once", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => deliver(fake.notice("payment.succeeded", p.yooId))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await granted(p.userId)).toHaveLength(1);
  });

  it("out of order: what YooKassa says now counts, and a later read never undoes a credit", async () => {
    const p = await startedPayment();
    // A stale waiting_for_capture notice arrives after the payment succeeded: the re-read says succeeded.
    fake.setStatus(p.yooId, "succeeded");
    expect(
      (await deliver({ ...fake.notice("payment.succeeded", p.yooId), event: "payment.waiting_for_capture" })).status,
    ).toBe(200);
    expect(await statusOf(p.id)).toBe("succeeded");
    expect(await granted(p.userId)).toHaveLength(1);
    // Then YooKassa (forged here) says canceled: the credited payment stays as it is.
    fake.setStatus(p.yooId, "canceled");
    expect((await deliver(fake.notice("payment.canceled", p.yooId))).status).toBe(200);
    expect(await statusOf(p.id)).toBe("succeeded");
    expect(await granted(p.userId)).toHaveLength(1);
    expect((await granted(p.userId))[0]).toMatchObject({ available_requests: 25 });
  });

  it("a forged notice changes nothing: the body says succeeded, YooKassa says pending", async () => {
    const p = await startedPayment();
    const forged = fake.notice("payment.succeeded", p.yooId);
    (forged.object as { status: string }).status = "succeeded";
    expect((await deliver(forged)).status).toBe(200);
    expect(fake.callsTo("GET", `/payments/${p.yooId}`)).toHaveLength(1);
    expect(await statusOf(p.id)).toBe("pending");
    expect(await granted(p.userId)).toHaveLength(0);
  });

  it("a canceled payment is recorded as canceled and grants nothing", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "canceled");
    expect((await deliver({ ...fake.notice("payment.canceled", p.yooId), event: "payment.succeeded" })).status).toBe(
      200,
    );
    expect(await statusOf(p.id)).toBe("canceled");
    expect(await granted(p.userId)).toHaveLength(0);
  });

  it("a succeeded payment whose amount differs from ours grants nothing", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded").amount.value = "1.00";
    expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(200);
    expect(await statusOf(p.id)).toBe("pending");
    expect(await granted(p.userId)).toHaveLength(0);
  });

  it("a notice from any other address is refused with 403 and not even looked at", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded");
    for (const ip of [
      "203.0.113.7",
      "185.71.76.32",
      "77.75.156.12",
      "77.75.154.127",
      "2a02:5181::1",
      "::1",
      "1.2.3",
      "not an address",
    ]) {
      const res = await deliver(fake.notice("payment.succeeded", p.yooId), ip);
      expect(res.status, ip).toBe(403);
      expect(await detailOf(res)).toBe("Уведомления принимаются только с адресов ЮKassa");
    }
    const { SELF } = await import("cloudflare:test");
    const noAddress = await SELF.fetch("http://app.test/api/v2/payments/yookassa/notifications", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fake.notice("payment.succeeded", p.yooId)),
    });
    expect(noAddress.status).toBe(403);
    expect(fake.callsTo("GET", `/payments/${p.yooId}`)).toHaveLength(0);
    expect(await granted(p.userId)).toHaveLength(0);
  });

  it("every published range is accepted, IPv6 and IPv4-as-IPv6 included", async () => {
    for (const ip of [
      "185.71.76.0",
      "185.71.76.31",
      "185.71.77.17",
      "77.75.153.127",
      "77.75.156.11",
      "77.75.156.35",
      "77.75.154.200",
      "2a02:5180:0:2669::36",
      "2a02:5180::1",
      "::ffff:185.71.77.1",
    ]) {
      const p = await startedPayment();
      fake.setStatus(p.yooId, "succeeded");
      const res = await deliver(fake.notice("payment.succeeded", p.yooId), ip);
      expect(res.status, ip).toBe(200);
      expect(await granted(p.userId), ip).toHaveLength(1);
    }
  });

  it(
    "a payment that is not ours, or that YooKassa does not know, changes nothing (200, so it stops " + "retrying)",
    async () => {
      const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM limits").first<{ n: number }>())!.n;
      const foreign = fake.foreignPayment("490.00");
      expect((await deliver(fake.notice("payment.succeeded", foreign.id))).status).toBe(200);
      const unknown = {
        type: "notification",
        event: "payment.succeeded",
        object: { id: "2f4a1c7e-000f-5000-9000-1b2c3d4e5f60", status: "succeeded" },
      };
      expect((await deliver(unknown)).status).toBe(200);
      expect(
        (await env.DB.prepare("SELECT COUNT(*) AS n FROM limits WHERE source = 'subscription' AND created_at >= ?")
          .bind(Date.now() - 60_000)
          .first<{ n: number }>())!.n,
      ).toBeLessThanOrEqual(before);
      expect(
        await env.DB.prepare("SELECT id FROM payments WHERE provider_payment_id = ?").bind(foreign.id).first(),
      ).toBeNull();
    },
  );

  it("a body that is not a YooKassa notice is a 422; without YooKassa's secrets the webhook answers 503", async () => {
    expect((await deliver({ event: "payment.succeeded" })).status).toBe(422);
    expect((await deliver({ type: "notification", event: "payment.succeeded", object: {} })).status).toBe(422);
    const p = await startedPayment();
    env.YOOKASSA_SHOP_ID = undefined;
    const res = await deliver(fake.notice("payment.succeeded", p.yooId));
    expect(res.status).toBe(503);
    expect(await detailOf(res)).toBe("Оплата временно недоступна");
  });

  it("YooKassa down while re-reading: 502, so YooKassa delivers the notice again later", async () => {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded");
    fake.failNext = 3;
    expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(502);
    expect(await granted(p.userId)).toHaveLength(0);
    expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(200);
    expect(await granted(p.userId)).toHaveLength(1);
  });
});

describe("the payer looking at a pending payment", () => {
  it("re-reads it from YooKassa, so a lost notice does not keep them waiting", async () => {
    const p = await startedPayment();
    const pending = await call(`/payments/${p.id}`, { headers: p.headers });
    expect(await pending.json()).toMatchObject({
      status: "pending",
      credited: false,
      provider: "yookassa",
      amount: 490,
    });
    fake.setStatus(p.yooId, "succeeded");
    const paid = await call(`/payments/${p.id}`, { headers: p.headers });
    expect(await paid.json()).toMatchObject({ status: "succeeded", credited: true });
    expect(await granted(p.userId)).toHaveLength(1);
    // Final payments are not asked about again.
    const reads = fake.callsTo("GET", `/payments/${p.yooId}`).length;
    await call(`/payments/${p.id}`, { headers: p.headers });
    expect(fake.callsTo("GET", `/payments/${p.yooId}`)).toHaveLength(reads);
  });
});

describe("refunds through YooKassa", () => {
  async function paid() {
    const p = await startedPayment();
    fake.setStatus(p.yooId, "succeeded");
    expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(200);
    return p;
  }

  it(
    "refunds the whole amount with an Idempotence-Key, takes back the pack's rest, and a late notice grants " +
      "nothing again",
    async () => {
      const p = await paid();
      // The user spent some of the pack: those stay spent.
      await env.DB.prepare("UPDATE limits SET available_requests = 20 WHERE user_id = ? AND source = 'subscription'")
        .bind(p.userId)
        .run();
      const res = await call(`/payments/${p.id}/refund`, { method: "POST", headers: admin });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: p.id, status: "refunded" });
      const [refundCall] = fake.callsTo("POST", "/refunds");
      expect(refundCall!.headers.get("idempotence-key")).toBe(`refund-${p.id}`);
      expect(refundCall!.headers.get("authorization")).toBe(`Basic ${btoa(`${SHOP_ID}:${SECRET_KEY}`)}`);
      expect(refundCall!.body).toEqual({ payment_id: p.yooId, amount: { value: "490.00", currency: "RUB" } });
      const [row] = await granted(p.userId);
      expect(row).toMatchObject({ available_requests: 0 });
      expect(row!.date_expire as number).toBeLessThanOrEqual(Date.now());
      const limits = (await (await call("/limits/", { headers: p.headers })).json()) as Limits;
      expect(limits.limits.some((l) => l.source === "subscription")).toBe(false);

      // YooKassa's notices after the refund: payment.succeeded (late) and refund.succeeded.
      expect((await deliver(fake.notice("payment.succeeded", p.yooId))).status).toBe(200);
      const refund = [...fake.refunds.values()][0]!;
      expect((await deliver(fake.notice("refund.succeeded", refund.id))).status).toBe(200);
      expect(await granted(p.userId)).toHaveLength(1);
      expect(await statusOf(p.id)).toBe("refunded");
    },
  );

  it("a refund still processing answers 202; its refund.succeeded notice finishes it", async () => {
    const p = await paid();
    fake.refundOutcome = "pending";
    const res = await call(`/payments/${p.id}/refund`, { method: "POST", headers: admin });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: "succeeded" });
    expect((await granted(p.userId))[0]).toMatchObject({ available_requests: 25 });
    const refund = [...fake.refunds.values()][0]!;
    // A notice about a refund that has not succeeded yet changes nothing.
    expect((await deliver(fake.notice("refund.succeeded", refund.id))).status).toBe(200);
    expect(await statusOf(p.id)).toBe("succeeded");
    fake.finishRefund(refund.id);
    expect((await deliver(fake.notice("refund.succeeded", refund.id))).status).toBe(200);
    expect(await statusOf(p.id)).toBe("refunded");
    expect((await granted(p.userId))[0]).toMatchObject({ available_requests: 0 });
  });

  it("a refund YooKassa rejects is a 409 and changes nothing", async () => {
    const p = await paid();
    fake.refundOutcome = "canceled";
    const res = await call(`/payments/${p.id}/refund`, { method: "POST", headers: admin });
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe("Платёжная система отклонила возврат");
    expect(await statusOf(p.id)).toBe("succeeded");
    expect((await granted(p.userId))[0]).toMatchObject({ available_requests: 25 });
  });
});
