import type { Env } from "../../env";
import { isExpired } from "./window";
import {
  ProviderError,
  type NewPayment,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type Receipt,
} from "./types";

// The built-in payment provider for local runs (PAYMENT_PROVIDER = "sandbox"): no money, no
// network. It keeps its own record of each payment in KV, as a real provider keeps its own, so the
// app treats it exactly like YooKassa: a notice only names a payment, and the app re-reads the
// payment from the provider before acting. The payer decides on the checkout page
// (GET /payments/sandbox/{id}, worker/billing/payments/checkout-page.ts).

/** How long the sandbox remembers a payment. */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

/** `createdAt`: when it was made (records made before it was kept never expire). */
type Stored = ProviderPayment & { refund: ProviderRefund | null; receipt?: Receipt; createdAt?: number };

const paymentKey = (id: string) => `sandbox:payment:${id}`;
const refundKey = (id: string) => `sandbox:refund:${id}`;

/** Where the payer goes to pay: the sandbox checkout page of our payment. */
export const sandboxCheckoutUrl = (env: Env, paymentId: string) =>
  new URL(`/api/v2/payments/sandbox/${paymentId}`, env.APP_URL).toString();

const publicPart = ({ refund: _refund, receipt: _receipt, createdAt: _at, ...payment }: Stored): ProviderPayment =>
  payment;

/** As YooKassa, a payment not paid within the window is canceled (docs/payments.md "An abandoned payment"). */
const lapsed = (stored: Stored): Stored =>
  stored.createdAt !== undefined && isExpired({ status: stored.status, createdAt: stored.createdAt })
    ? { ...stored, status: "canceled" }
    : stored;

/** Where the sandbox shows the receipt it "made" for a paid payment. */
export const sandboxReceiptUrl = (env: Env, paymentId: string) =>
  new URL(`/api/v2/payments/sandbox/${paymentId}/receipt`, env.APP_URL).toString();

export function sandboxProvider(env: Env): PaymentProvider & {
  /** The payer's choice on the checkout page; only a pending payment can still change. */
  decide(providerPaymentId: string, outcome: "succeeded" | "canceled"): Promise<ProviderPayment | null>;
  /** The receipt the payment was created with, as the provider keeps it. */
  receiptOf(providerPaymentId: string): Promise<Receipt | null>;
} {
  const kv = env.KV;
  const read = async (id: string) => {
    const stored = await kv.get<Stored>(paymentKey(id), "json");
    return stored && lapsed(stored);
  };
  const write = (stored: Stored) =>
    kv.put(paymentKey(stored.id), JSON.stringify(stored), { expirationTtl: KEEP_SECONDS });

  return {
    name: "sandbox",

    async createPayment(payment: NewPayment) {
      const stored: Stored = {
        id: `sandbox-${crypto.randomUUID()}`,
        status: "pending",
        amountKopecks: payment.amountKopecks,
        currency: "RUB",
        confirmationUrl: sandboxCheckoutUrl(env, payment.paymentId),
        paymentId: payment.paymentId,
        refund: null,
        receipt: payment.receipt,
        createdAt: Date.now(),
      };
      await write(stored);
      return publicPart(stored);
    },

    async getPayment(providerPaymentId: string) {
      const stored = await read(providerPaymentId);
      return stored && publicPart(stored);
    },

    async decide(providerPaymentId, outcome) {
      const stored = await read(providerPaymentId);
      if (!stored) return null;
      if (stored.status === "pending") {
        stored.status = outcome;
        await write(stored);
      }
      return publicPart(stored);
    },

    receiptOf: async (providerPaymentId) => (await read(providerPaymentId))?.receipt ?? null,

    async refund({ providerPaymentId, amountKopecks }) {
      const stored = await read(providerPaymentId);
      if (!stored) throw new ProviderError(`the sandbox has no payment ${providerPaymentId}`);
      if (stored.refund) return stored.refund;
      const refund: ProviderRefund = {
        id: `sandbox-refund-${crypto.randomUUID()}`,
        paymentId: stored.id,
        status: stored.status === "succeeded" && amountKopecks <= stored.amountKopecks ? "succeeded" : "canceled",
        amountKopecks,
      };
      if (refund.status === "succeeded") stored.refund = refund;
      await Promise.all([
        write(stored),
        kv.put(refundKey(refund.id), JSON.stringify(refund), { expirationTtl: KEEP_SECONDS }),
      ]);
      return refund;
    },

    getRefund: (refundId: string) => kv.get<ProviderRefund>(refundKey(refundId), "json"),
  };
}
