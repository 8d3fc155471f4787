import { queryClient } from "../../web/src/api/query-client";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { userKeyOf } from "../../web/src/features/auth/session-user";
import type { Payment, Plan } from "../../web/src/features/billing/billing-api";
import type { Disclaimer } from "../../web/src/features/billing/disclaimers-queries";
import { type Limits, type LimitRow, limitsQuery } from "../../web/src/features/billing/limits-queries";

/** The signed-in user's limits as the app has them cached (what the composer and the settings show). */
export const cachedLimits = () =>
  queryClient.getQueryData(limitsQuery(userKeyOf(useAuth.getState().record?.access_token)).queryKey);

/** Puts limits into the cache, as an answer of `GET /limits/` would. */
export const cacheLimits = (limits: Limits) =>
  queryClient.setQueryData(limitsQuery(userKeyOf(useAuth.getState().record?.access_token)).queryKey, limits);

/** Plans as `GET /subscriptions/` answers them (docs/billing.md), cheapest first. */
export const PLANS: Plan[] = [
  { id: 1, name: "Старт", price: 199, day_gap: 30, requests_limit: 30, is_unlimited: false, is_visible: true },
  { id: 2, name: "Стандарт", price: 490.5, day_gap: 30, requests_limit: 100, is_unlimited: false, is_visible: true },
  { id: 4, name: "Безлимит", price: 1990, day_gap: 30, requests_limit: 0, is_unlimited: true, is_visible: true },
];

export const limitRow = (patch: Partial<LimitRow> = {}): LimitRow => ({
  id: 1,
  requests: 10,
  available_requests: 3,
  is_unlimited: false,
  date_expire: null,
  source: "start",
  name: null,
  ...patch,
});

/** `GET /limits/`: the totals over the rows, as the Worker sums them. */
export const limitsOf = (rows: LimitRow[], pool: Limits["pool"] = null): Limits => ({
  available_requests: rows.filter((r) => !r.is_unlimited).reduce((sum, r) => sum + r.available_requests, 0),
  is_unlimited: rows.some((r) => r.is_unlimited),
  limits: rows,
  pool,
});

export const payment = (patch: Partial<Payment> = {}): Payment => ({
  id: "6f1c2b9e-0000-4000-8000-000000000001",
  subscription_id: 2,
  plan_name: "Стандарт",
  receipt_url: null,
  amount: 490.5,
  currency: "RUB",
  status: "pending",
  provider: "sandbox",
  created_at: "2026-11-21T12:00:00.000Z",
  credited: false,
  pay_url: null,
  expires_at: null,
  expired: false,
  ...patch,
});

export const disclaimer = (assistant_type: string, accepted = false): Disclaimer => ({
  assistant_type,
  text:
    assistant_type === "explain_law"
      ? "Ответы ассистента не являются юридической консультацией."
      : "Ответы ассистента не заменяют консультацию риелтора.",
  version: 1,
  accepted,
});

/** A response the test releases when it wants: to look at the page while a call is in flight. */
export function deferred() {
  let resolve!: (res: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}
