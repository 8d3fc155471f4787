import { z } from "zod";
import { decimalOf, kopecksOfDecimal } from "./money";
import {
  ProviderError,
  type NewPayment,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from "./types";

// A small client of YooKassa's API v3 (https://yookassa.ru/developers/api): HTTP Basic auth with
// the shop id and secret key, an Idempotence-Key on every POST, JSON both ways.

export type YooKassaConfig = { apiUrl: string; shopId: string; secretKey: string };

/** Calls made before giving up on a 202 (still processing), a 429 or a 5xx, or no answer at all. */
const MAX_ATTEMPTS = 3;
const RETRY_PAUSE_MS = 200;
const MAX_RETRY_PAUSE_MS = 2000;

const amount = z.object({ value: z.string(), currency: z.string() });
const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  amount,
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const refundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount,
});

function kopecksOf(value: string): number {
  const kopecks = kopecksOfDecimal(value);
  if (kopecks === null) throw new ProviderError(`YooKassa sent an amount we cannot read: ${value}`);
  return kopecks;
}

function toPayment(raw: unknown): ProviderPayment {
  const parsed = paymentSchema.safeParse(raw);
  if (!parsed.success) throw new ProviderError(`YooKassa sent a payment we cannot read: ${parsed.error.message}`);
  const p = parsed.data;
  const ours = p.metadata?.payment_id;
  return {
    id: p.id,
    status: p.status,
    amountKopecks: kopecksOf(p.amount.value),
    currency: p.amount.currency,
    confirmationUrl: p.confirmation?.confirmation_url ?? null,
    paymentId: typeof ours === "string" ? ours : null,
  };
}

function toRefund(raw: unknown): ProviderRefund {
  const parsed = refundSchema.safeParse(raw);
  if (!parsed.success) throw new ProviderError(`YooKassa sent a refund we cannot read: ${parsed.error.message}`);
  const r = parsed.data;
  return { id: r.id, paymentId: r.payment_id, status: r.status, amountKopecks: kopecksOf(r.amount.value) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function yookassaProvider(config: YooKassaConfig): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, "");
  const authorization = `Basic ${btoa(`${config.shopId}:${config.secretKey}`)}`;

  /**
   * One API call. What YooKassa asks of a client: repeat a POST that got no answer, a 5xx or a 202
   * with the SAME Idempotence-Key (a 202 after its `retry_after` milliseconds), so a repeat can
   * never make a second payment or refund. A GET of an unknown object answers null.
   */
  async function call(method: "GET" | "POST", path: string, body?: unknown, idempotenceKey?: string): Promise<unknown> {
    const headers: Record<string, string> = { authorization, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotenceKey) headers["idempotence-key"] = idempotenceKey;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= MAX_ATTEMPTS;
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        if (last) throw new ProviderError(`YooKassa ${method} ${path}: no answer (${String(error)})`);
        await pause(RETRY_PAUSE_MS);
        continue;
      }
      if (res.status === 404 && method === "GET") return null;
      const answer: unknown = await res.json().catch(() => null);
      if (res.status === 200) return answer;
      if ((res.status === 202 || res.status === 429 || res.status >= 500) && !last) {
        const asked = Number((answer as { retry_after?: unknown } | null)?.retry_after);
        await pause(Number.isFinite(asked) && asked >= 0 ? Math.min(asked, MAX_RETRY_PAUSE_MS) : RETRY_PAUSE_MS);
        continue;
      }
      const error = (answer ?? {}) as { code?: string; description?: string };
      throw new ProviderError(
        `YooKassa ${method} ${path}: ${res.status} ${error.code ?? ""} ${error.description ?? ""}`.trim(),
      );
    }
  }

  return {
    name: "yookassa",

    async createPayment(payment: NewPayment) {
      const created = await call(
        "POST",
        "/payments",
        {
          amount: { value: decimalOf(payment.amountKopecks), currency: "RUB" },
          capture: true,
          confirmation: { type: "redirect", return_url: payment.returnUrl },
          description: payment.description.slice(0, 128),
          metadata: { payment_id: payment.paymentId },
          // 54-ФЗ: YooKassa makes the fiscal receipt and mails it to the customer.
          receipt: {
            customer: { email: payment.receipt.email },
            items: [
              {
                description: payment.receipt.item.slice(0, 128),
                quantity: 1,
                amount: { value: decimalOf(payment.amountKopecks), currency: "RUB" },
                vat_code: payment.receipt.vatCode,
                payment_subject: "service",
                payment_mode: "full_payment",
              },
            ],
          },
        },
        payment.paymentId,
      );
      return toPayment(created);
    },

    async getPayment(providerPaymentId: string) {
      const found = await call("GET", `/payments/${encodeURIComponent(providerPaymentId)}`);
      return found === null ? null : toPayment(found);
    },

    async refund({ paymentId, providerPaymentId, amountKopecks }) {
      const refund = await call(
        "POST",
        "/refunds",
        { payment_id: providerPaymentId, amount: { value: decimalOf(amountKopecks), currency: "RUB" } },
        // One refund per payment: asking again returns the same refund.
        `refund-${paymentId}`,
      );
      return toRefund(refund);
    },

    async getRefund(refundId: string) {
      const found = await call("GET", `/refunds/${encodeURIComponent(refundId)}`);
      return found === null ? null : toRefund(found);
    },
  };
}
