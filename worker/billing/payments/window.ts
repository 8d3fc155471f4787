/**
 * How long a payment can be paid once made: YooKassa gives the payer an hour for a card (and most
 * other methods) and then cancels it (docs/payments.md "An abandoned payment"). The sandbox keeps
 * the same window.
 */
export const PAYMENT_WINDOW_MS = 60 * 60 * 1000;

/** When a payment made at `createdAt` can no longer be paid. */
export const paymentDeadline = (createdAt: number) => createdAt + PAYMENT_WINDOW_MS;

/** A payment nobody paid within the window: the provider will not take it any more. */
export const isExpired = (payment: { status: string; createdAt: number }, now = Date.now()) =>
  payment.status === "pending" && now >= paymentDeadline(payment.createdAt);
