import { billingApi } from "./billing-api";

/** Only a web address is ever opened: the body comes from the network. */
const isWebUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\//i.test(value);

/**
 * docs/product.md §4: the payment page opens in a new tab, or in this window when the browser blocks the
 * popup (`window.open` answers null then). The new tab gets no handle back to this one.
 */
export function openPaymentUrl(url: string, win: Window = window) {
  const tab = win.open(url, "_blank");
  if (!tab) {
    win.location.assign(url);
    return;
  }
  try {
    tab.opener = null;
  } catch {
    // A cross-origin tab may refuse it; it was opened from a click on our page, nothing more to do.
  }
}

/**
 * `POST /payments/{planId}` and then the payment page. Answers the payment's id (its `X-Payment-Id`,
 * docs/payments.md), which the window follows; null when the payment could not be created:
 * docs/product.md §8 keeps that silent, the button simply becomes usable again.
 */
export async function buyPlan(planId: number, win: Window = window): Promise<{ id: string | null } | null> {
  let url: unknown = null;
  let id: string | null = null;
  try {
    const res = await billingApi.createPayment(planId);
    if (res.ok) {
      url = await res.json();
      id = res.headers.get("X-Payment-Id");
    }
  } catch {
    url = null;
  }
  if (!isWebUrl(url)) return null;
  openPaymentUrl(url, win);
  return { id };
}
