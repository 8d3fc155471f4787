import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { limits, payments, subscriptions, users } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { rublesOf } from "../payments/money";
import { paymentProvider } from "../payments/providers";
import { sandboxReceiptUrl } from "../payments/sandbox";
import { isExpired, paymentDeadline } from "../payments/window";
import { PROVIDER_TEXTS, ProviderError, type PaymentProvider, type ProviderPayment } from "../payments/types";
import type { Payment } from "../schemas";
import { grantStatement } from "./grants";
import type { PlanRow } from "./plans";
import { logEvent } from "../../http/log";

export type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_TEXTS = {
  notFound: "Платёж не найден",
  notRefundable: "Вернуть можно только оплаченный платёж",
  alreadyRefunded: "Платёж уже возвращён",
  refundRejected: "Платёжная система отклонила возврат",
  noEmailForReceipt: "Укажите e-mail в настройках аккаунта: на него придёт чек об оплате",
  notCancelable: "Отменить можно только неоплаченный платёж",
} as const;

/** YooKassa's VAT code for the receipt's item, from settings (1, без НДС, unless set). */
export const receiptVatCode = (env: Env) => {
  const code = Number(env.RECEIPT_VAT_CODE);
  return Number.isInteger(code) && code >= 1 && code <= 12 ? code : 1;
};

/**
 * The Payment shape. `receipt_url`: the sandbox's receipt page of a paid sandbox payment; null for
 * YooKassa, whose fiscal receipt reaches the payer by e-mail (docs/payments.md "Receipts").
 */
export const publicPayment = (env: Env, p: PaymentRow): Payment => ({
  id: p.id,
  subscription_id: p.subscriptionId,
  plan_name: p.planName,
  receipt_url:
    p.provider === "sandbox" && (p.status === "succeeded" || p.status === "refunded")
      ? sandboxReceiptUrl(env, p.id)
      : null,
  amount: rublesOf(p.amountKopecks),
  currency: p.currency,
  status: p.status,
  provider: p.provider,
  created_at: new Date(p.createdAt).toISOString(),
  credited: p.creditedAt !== null,
  pay_url: p.status === "pending" && !isExpired(p) ? p.confirmationUrl : null,
  expires_at: p.status === "pending" ? new Date(paymentDeadline(p.createdAt)).toISOString() : null,
  expired: isExpired(p),
});

/** Where the payer comes back to after paying (the SPA's `/checkout` page). */
export const checkoutReturnUrl = (env: Env, paymentId: string) => {
  const url = new URL("/checkout", env.APP_URL);
  url.searchParams.set("payment_id", paymentId);
  return url.toString();
};

/** A provider call that failed is the provider's fault: 502, with a Russian detail. */
async function fromProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logEvent("error", "payment provider failed", { err: error instanceof ProviderError ? error.message : error });
    throw new ApiError(502, PROVIDER_TEXTS.failed);
  }
}

/**
 * Starts paying for a plan: the payment is recorded first (our UUID, also the provider's
 * Idempotence-Key), then the provider is asked for it. Returns its id and the URL where the payer pays.
 */
export async function startPayment(
  env: Env,
  db: Db,
  userId: number,
  plan: PlanRow,
  companyId: number | null = null,
  /** Where the receipt goes when the account has no e-mail (a bot's user gives one for the purchase). */
  receiptEmail?: string,
): Promise<{ id: string; url: string }> {
  const provider = paymentProvider(env);
  // 54-ФЗ: the receipt goes to the payer's e-mail; without one there is nowhere to send it.
  const payer = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  const email = payer?.email ?? receiptEmail;
  if (!email) throw new ApiError(422, PAYMENT_TEXTS.noEmailForReceipt);
  const id = crypto.randomUUID();
  await db.insert(payments).values({
    id,
    userId,
    companyId,
    subscriptionId: plan.id,
    amountKopecks: plan.priceKopecks,
    provider: provider.name,
    planName: plan.name,
  });
  let created: ProviderPayment;
  try {
    created = await fromProvider(async () => {
      const answer = await provider.createPayment({
        paymentId: id,
        amountKopecks: plan.priceKopecks,
        description: `«Ясно»: ${plan.name}`,
        returnUrl: checkoutReturnUrl(env, id),
        receipt: { email, item: `Пакет запросов «${plan.name}» сервиса «Ясно»`, vatCode: receiptVatCode(env) },
      });
      if (!answer.confirmationUrl) throw new ProviderError(`${provider.name} gave no confirmation URL for ${id}`);
      return answer;
    });
  } catch (error) {
    // Nobody can pay it: the payer never got its URL.
    await db.update(payments).set({ status: "canceled", updatedAt: Date.now() }).where(eq(payments.id, id));
    throw error;
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.id, confirmationUrl: created.confirmationUrl, updatedAt: Date.now() })
    .where(eq(payments.id, id));
  return { id, url: created.confirmationUrl! };
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The caller's payment; another user's answers 404 as if it did not exist. */
export async function findOwnPayment(db: Db, userId: number, id: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw ApiError.notFound(PAYMENT_TEXTS.notFound);
  return row;
}

/** What was bought for a company's pool, newest first (its managers see it on /company). */
export const listCompanyPayments = (db: Db, companyId: number) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.companyId, companyId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(100);

export const listOwnPayments = (db: Db, userId: number) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(100);

/**
 * Grants the paid plan exactly once. The grant is an INSERT conditioned on the payment being not
 * yet credited (and not refunded), and the UPDATE that marks it credited has the same condition,
 * in one batch: D1 runs a batch as one transaction, so however many notices arrive, at whatever
 * time and in parallel, exactly one batch finds `credited_at` empty and the rest change nothing.
 */
async function creditPayment(db: Db, payment: PaymentRow, now: number): Promise<void> {
  const open = and(eq(payments.id, payment.id), isNull(payments.creditedAt), ne(payments.status, "refunded"));
  const markSucceeded = db.update(payments).set({ status: "succeeded", updatedAt: now });
  // The user is gone (the row keeps the payment, user_id set null): the money is recorded, nothing to grant.
  if (payment.userId === null && payment.companyId === null) {
    await markSucceeded.where(open);
    return;
  }
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId));
  if (!plan) throw new Error(`payment ${payment.id}: plan ${payment.subscriptionId} is gone`);
  await db.batch([
    grantStatement(
      db,
      // A purchase for a company (company_id) fills the company's pool, not the payer's own limits.
      {
        ...(payment.companyId === null ? { userId: payment.userId } : { userId: null, companyId: payment.companyId }),
        requests: plan.requestsLimit,
        isUnlimited: plan.isUnlimited,
        days: plan.dayGap,
        source: "subscription",
        name: plan.name,
      },
      { when: sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${open})`, now },
    ),
    db
      .update(payments)
      .set({ status: "succeeded", creditedAt: now, limitId: sql`last_insert_rowid()`, updatedAt: now })
      .where(open),
  ]);
}

/**
 * Brings our payment in line with what the provider says about it. Only forward: a credited
 * payment is never uncredited by a later read, and a refunded one is never credited again.
 */
export async function applyProviderPayment(
  db: Db,
  payment: PaymentRow,
  remote: ProviderPayment,
  now = Date.now(),
): Promise<void> {
  if (remote.id !== payment.providerPaymentId || (remote.paymentId !== null && remote.paymentId !== payment.id)) {
    logEvent("error", "payment provider answered about another payment", {
      payment_id: payment.id,
      remote_id: remote.id,
    });
    return;
  }
  switch (remote.status) {
    case "succeeded":
      if (remote.amountKopecks !== payment.amountKopecks || remote.currency !== payment.currency) {
        logEvent("error", "payment amount differs at the provider", {
          payment_id: payment.id,
          amount_kopecks: remote.amountKopecks,
          currency: remote.currency,
        });
        return;
      }
      return creditPayment(db, payment, now);
    case "canceled":
      await db
        .update(payments)
        .set({ status: "canceled", updatedAt: now })
        .where(
          and(
            eq(payments.id, payment.id),
            isNull(payments.creditedAt),
            inArray(payments.status, ["pending", "waiting_for_capture"]),
          ),
        );
      return;
    case "waiting_for_capture":
      await db
        .update(payments)
        .set({ status: "waiting_for_capture", updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
      return;
    case "pending":
      return;
  }
}

/**
 * Takes back what a refunded payment's grant has left: its pack ends now with nothing left (the
 * requests already used stay used). In the same batch the payment becomes `refunded`; both only
 * if it was not refunded already, so repeating it changes nothing.
 */
async function takeBack(db: Db, payment: PaymentRow, now: number): Promise<void> {
  const notYet = and(eq(payments.id, payment.id), ne(payments.status, "refunded"));
  const markRefunded = db.update(payments).set({ status: "refunded", updatedAt: now }).where(notYet);
  if (payment.limitId === null) {
    await markRefunded;
    return;
  }
  await db.batch([
    db
      .update(limits)
      .set({ availableRequests: 0, dateExpire: sql`MIN(COALESCE(${limits.dateExpire}, ${now}), ${now})` })
      .where(and(eq(limits.id, payment.limitId), sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${notYet})`)),
    markRefunded,
  ]);
}

/** Events YooKassa notifies about (and the sandbox copies): `payment.*` and `refund.succeeded`. */
export type Notice = { event: string; objectId: string };

/**
 * Acts on a provider's notice. The notice only names an object: what happened is read back from
 * the provider, so a forged notice can at most make us look. Unknown objects change nothing.
 */
export async function handleNotice(db: Db, provider: PaymentProvider, notice: Notice, now = Date.now()): Promise<void> {
  if (notice.event.startsWith("payment.")) {
    const remote = await fromProvider(() => provider.getPayment(notice.objectId));
    if (!remote) return;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, remote.id), eq(payments.provider, provider.name)));
    if (payment) await applyProviderPayment(db, payment, remote, now);
    return;
  }
  if (notice.event === "refund.succeeded") {
    const refund = await fromProvider(() => provider.getRefund(notice.objectId));
    if (refund?.status !== "succeeded") return;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, refund.paymentId), eq(payments.provider, provider.name)));
    // Only a full refund takes the grant back; a partial one (made in YooKassa's dashboard) is left to an admin.
    if (payment?.creditedAt != null && refund.amountKopecks === payment.amountKopecks) await takeBack(db, payment, now);
  }
}

/**
 * A pending YooKassa payment is re-read when its owner looks at it (the `/checkout` page polls),
 * so a delayed or lost notice does not keep the payer waiting. Best effort: on failure the row
 * stays as it is.
 */
export async function refreshPending(env: Env, db: Db, payment: PaymentRow): Promise<PaymentRow> {
  if (
    payment.provider !== "yookassa" ||
    !payment.providerPaymentId ||
    !["pending", "waiting_for_capture"].includes(payment.status)
  )
    return payment;
  try {
    const remote = await paymentProvider(env, payment.provider).getPayment(payment.providerPaymentId);
    if (remote) await applyProviderPayment(db, payment, remote);
    return (await findPayment(db, payment.id)) ?? payment;
  } catch (error) {
    logEvent("error", "refreshing a pending payment failed", { payment_id: payment.id, err: error });
    return payment;
  }
}

/**
 * Admin refund: the whole amount goes back through the provider, then the grant's unused rest is
 * taken back. A refund the provider is still processing answers as it is (still `succeeded`); its
 * `refund.succeeded` notice finishes it.
 */
export async function refundPayment(
  env: Env,
  db: Db,
  id: string,
  now = Date.now(),
): Promise<{ payment: PaymentRow; finished: boolean }> {
  const payment = await findPayment(db, id);
  if (!payment) throw ApiError.notFound(PAYMENT_TEXTS.notFound);
  if (payment.status === "refunded") throw ApiError.conflict(PAYMENT_TEXTS.alreadyRefunded);
  if (payment.status !== "succeeded" || !payment.providerPaymentId)
    throw ApiError.conflict(PAYMENT_TEXTS.notRefundable);
  const provider = paymentProvider(env, payment.provider);
  const refund = await fromProvider(() =>
    provider.refund({
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId!,
      amountKopecks: payment.amountKopecks,
    }),
  );
  if (refund.status === "canceled") throw ApiError.conflict(PAYMENT_TEXTS.refundRejected);
  if (refund.status === "succeeded") await takeBack(db, payment, now);
  return { payment: (await findPayment(db, id))!, finished: refund.status === "succeeded" };
}

/** A payment the sandbox took, with its plan's name (the sandbox checkout page); 404 otherwise. */
export async function findSandboxPayment(db: Db, id: string) {
  const [row] = await db
    .select({ payment: payments, planName: subscriptions.name })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(and(eq(payments.id, id), eq(payments.provider, "sandbox")));
  if (!row?.payment.providerPaymentId) throw ApiError.notFound(PAYMENT_TEXTS.notFound);
  return row;
}
