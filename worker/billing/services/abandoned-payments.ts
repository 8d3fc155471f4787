import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { sandboxProvider } from "../payments/sandbox";
import { findOwnPayment, findPayment, PAYMENT_TEXTS, type PaymentRow } from "./payments";

/**
 * The payer gives up an unpaid payment (docs/payments.md "An abandoned payment"). Only a pending one:
 * anything else is paid, refunded or already over (409). The sandbox's page stops taking it;
 * YooKassa cannot cancel a pending payment (only one waiting for capture) and ends it with its
 * window. A payer who still pays in a tab left open is credited all the same: a notice credits any
 * payment not credited yet, whatever our row says.
 */
export async function cancelOwnPayment(env: Env, db: Db, userId: number, id: string): Promise<PaymentRow> {
  const payment = await findOwnPayment(db, userId, id);
  if (payment.status !== "pending") throw ApiError.conflict(PAYMENT_TEXTS.notCancelable);
  if (payment.provider === "sandbox" && payment.providerPaymentId)
    await sandboxProvider(env).decide(payment.providerPaymentId, "canceled");
  await db
    .update(payments)
    .set({ status: "canceled", updatedAt: Date.now() })
    .where(and(eq(payments.id, id), eq(payments.status, "pending"), isNull(payments.creditedAt)));
  return (await findPayment(db, id)) ?? payment;
}
