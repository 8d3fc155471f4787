import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_WINDOW_MS } from "../../worker/billing/payments/window";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";

// An abandoned payment (docs/payments.md "An abandoned payment"): the payer left the payment page
// unpaid. «История платежей» offers to pay it (its page again) or cancel it until the provider's
// window ends; then it is shown as expired and can no longer be paid. Through the sandbox provider.

type Payment = { id: string; status: string; credited: boolean; pay_url: string | null; expired: boolean };
type Plan = { id: number; name: string };

let admin: Record<string, string>;
beforeAll(async () => {
  admin = authHeaders((await createAdmin()).record);
  env.PAYMENT_PROVIDER = "sandbox";
});

async function startedPayment(planName = "Старт") {
  const plans = (await (await call("/subscriptions/", { headers: admin })).json()) as Plan[];
  const plan = plans.find((p) => p.name === planName)!;
  const account = await registerUser();
  const headers = authHeaders(account.record);
  const res = await call(`/payments/${plan.id}`, { method: "POST", headers });
  expect(res.status).toBe(200);
  const url = (await res.json()) as string;
  const id = res.headers.get("X-Payment-Id")!;
  expect(url.endsWith(`/sandbox/${id}`)).toBe(true);
  return { headers, url, id, userId: account.userId };
}

const listed = async (headers: Record<string, string>) =>
  (await (await call("/payments/", { headers })).json()) as Payment[];
const cancel = (headers: Record<string, string>, id: string) =>
  call(`/payments/${id}/cancel`, { method: "POST", headers });
const pay = (url: string) =>
  SELF.fetch(url.replace(env.APP_URL, "http://app.test"), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action: "pay" }).toString(),
  });
const grants = async (userId: number) =>
  (await env.DB.prepare("SELECT id FROM limits WHERE user_id = ? AND source = 'subscription'").bind(userId).all())
    .results.length;

/** Moves the payment back in time by `ms`, on our side and at the sandbox, as if it were made then. */
async function age(id: string, ms: number) {
  const row = await env.DB.prepare("SELECT provider_payment_id FROM payments WHERE id = ?")
    .bind(id)
    .first<{ provider_payment_id: string }>();
  await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE id = ?").bind(ms, id).run();
  const key = `sandbox:payment:${row!.provider_payment_id}`;
  const stored = (await env.KV.get<{ createdAt: number }>(key, "json"))!;
  await env.KV.put(key, JSON.stringify({ ...stored, createdAt: stored.createdAt - ms }));
}

describe("an abandoned payment", () => {
  it("can be paid later from the list: its page again, credited once", async () => {
    const { headers, url, id, userId } = await startedPayment();
    const [row] = await listed(headers);
    expect(row).toMatchObject({ id, status: "pending", pay_url: url, expired: false });
    expect((await pay(row!.pay_url!)).status).toBe(303);
    expect((await listed(headers))[0]).toMatchObject({ status: "succeeded", credited: true, pay_url: null });
    expect(await grants(userId)).toBe(1);
    // Paid: no longer cancelable.
    const refused = await cancel(headers, id);
    expect(refused.status).toBe(409);
    expect(await detailOf(refused)).toBe("Отменить можно только неоплаченный платёж");
  });

  it("can be canceled: the sandbox's page stops taking it, nothing is granted", async () => {
    const { headers, url, id, userId } = await startedPayment();
    const res = await cancel(headers, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "canceled", pay_url: null, expired: false });
    await pay(url);
    expect((await listed(headers))[0]).toMatchObject({ status: "canceled", credited: false });
    expect(await grants(userId)).toBe(0);
    expect((await cancel(headers, id)).status).toBe(409);
  });

  it("expires after the provider's window: shown so, no way to pay it, the provider refuses it", async () => {
    const { headers, url, id, userId } = await startedPayment();
    await age(id, PAYMENT_WINDOW_MS - 60_000);
    expect((await listed(headers))[0]).toMatchObject({ expired: false, pay_url: url });
    await age(id, 120_000);
    expect((await listed(headers))[0]).toMatchObject({ status: "pending", expired: true, pay_url: null });
    // As YooKassa, the sandbox has canceled it by then: paying it now cancels it here too.
    await pay(url);
    expect((await listed(headers))[0]).toMatchObject({ status: "canceled", credited: false, expired: false });
    expect(await grants(userId)).toBe(0);
  });

  it("belongs to its payer: another user's cancel is a 404, and a bad id a 422", async () => {
    const { headers, id } = await startedPayment();
    const stranger = authHeaders((await registerUser()).record);
    const res = await cancel(stranger, id);
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Платёж не найден");
    expect((await cancel(headers, "not-a-uuid")).status).toBe(422);
    expect((await call(`/payments/${id}/cancel`, { method: "POST" })).status).toBe(401);
    expect((await listed(headers))[0]).toMatchObject({ status: "pending" });
  });
});
