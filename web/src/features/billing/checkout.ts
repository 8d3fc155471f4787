import { billingApi, type Payment, type Plan } from "./billing-api";

/** How /checkout waits for the provider's notice: every 1.5 s for about a minute, then it says so. */
export const CHECKOUT_POLL = { intervalMs: 1500, attempts: 40 };

export type CheckoutOutcome =
  | { kind: "succeeded"; payment: Payment; plan: Plan | null }
  | { kind: "canceled"; payment: Payment }
  | { kind: "refunded"; payment: Payment }
  /** Still not final after the polling window: the notice may come later. */
  | { kind: "waiting"; payment: Payment | null }
  | { kind: "not_found" }
  | { kind: "failed" };

type Read = { payment: Payment } | { missing: true } | { error: true };

async function readPayment(id: string): Promise<Read> {
  try {
    const res = await billingApi.payment(id);
    // Statuses the route's types do not list: an unknown id (404) or a malformed one (422).
    const status: number = res.status;
    if (status === 404 || status === 422) return { missing: true };
    if (!res.ok) return { error: true };
    const body = await res.json().catch(() => null);
    return body && typeof body.status === "string" ? { payment: body } : { error: true };
  } catch {
    return { error: true };
  }
}

async function readPlan(id: number): Promise<Plan | null> {
  try {
    const res = await billingApi.plan(id);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

// A succeeded payment is final once its grant is written (`credited`), so the limits read next include it.
const isFinal = (p: Payment) =>
  p.status === "canceled" || p.status === "refunded" || (p.status === "succeeded" && p.credited);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Reads `GET /payments/{id}` until it is final (or the window ends). An unknown or foreign payment
 * is "not_found" at once; network failures are retried within the window.
 */
export async function waitForPayment(id: string, signal: AbortSignal): Promise<CheckoutOutcome | null> {
  let last: Payment | null = null;
  let failures = 0;
  for (let attempt = 0; attempt < CHECKOUT_POLL.attempts; attempt++) {
    if (attempt > 0) await sleep(CHECKOUT_POLL.intervalMs, signal);
    if (signal.aborted) return null;
    const read = await readPayment(id);
    if (signal.aborted) return null;
    if ("missing" in read) return { kind: "not_found" };
    if ("error" in read) {
      failures += 1;
      continue;
    }
    last = read.payment;
    if (isFinal(last)) break;
  }
  if (!last) return failures > 0 ? { kind: "failed" } : { kind: "waiting", payment: null };
  if (last.status === "succeeded")
    return { kind: "succeeded", payment: last, plan: await readPlan(last.subscription_id) };
  if (last.status === "canceled") return { kind: "canceled", payment: last };
  if (last.status === "refunded") return { kind: "refunded", payment: last };
  return { kind: "waiting", payment: last };
}
