import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../db/client";
import { payments as paymentRows, subscriptions } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireAdmin, requireUser } from "../middleware/auth";
import { checkoutPage } from "../payments/checkout-page";
import { paymentProvider } from "../payments/providers";
import { sandboxProvider } from "../payments/sandbox";
import { isYooKassaAddress } from "../payments/yookassa-addresses";
import {
  checkoutReturnUrl,
  findOwnPayment,
  handleNotice,
  listOwnPayments,
  PAYMENT_TEXTS,
  publicPayment,
  refreshPending,
  refundPayment,
  startPayment,
} from "../services/payments";
import { companyForManager } from "../services/companies";
import { findPlan } from "../services/plans";
import { validate } from "../validate";
import { pathId } from "../http/params";

export const NOTICE_TEXTS = { foreignAddress: "Уведомления принимаются только с адресов ЮKassa" } as const;

const paymentId = z.uuid({ error: "Некорректный идентификатор платежа" });
const idParams = z.object({ id: paymentId });
// YooKassa's notice: `{type: "notification", event, object}`; only the object's id is used.
const noticeBody = z.object({
  type: z.literal("notification", { error: "Ожидается уведомление ЮKassa (type: notification)" }),
  event: z.string({ error: "Укажите event" }).min(1).max(100),
  object: z.object({ id: z.string({ error: "Укажите object.id" }).min(1).max(100) }, { error: "Укажите object" }),
});
const checkoutForm = z.object({ action: z.enum(["pay", "cancel"], { error: "action: pay или cancel" }) });

/** YooKassa's notices are unsigned: only its published addresses may deliver them. */
const fromYooKassa = createMiddleware<AppEnv>(async (c, next) => {
  if (!isYooKassaAddress(c.req.header("cf-connecting-ip"))) throw ApiError.forbidden(NOTICE_TEXTS.foreignAddress);
  await next();
});

/** The sandbox checkout exists only while the sandbox takes the payments. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.PAYMENT_PROVIDER !== "sandbox") throw ApiError.notFound();
  await next();
});

async function sandboxPayment(c: { env: AppEnv["Bindings"] }, id: string) {
  const [row] = await getDb(c.env.DB)
    .select({ payment: paymentRows, planName: subscriptions.name })
    .from(paymentRows)
    .innerJoin(subscriptions, eq(subscriptions.id, paymentRows.subscriptionId))
    .where(and(eq(paymentRows.id, id), eq(paymentRows.provider, "sandbox")));
  if (!row?.payment.providerPaymentId) throw ApiError.notFound(PAYMENT_TEXTS.notFound);
  return row;
}

const secured = { security: [{ jwt: [] }] };
const notFound = { 404: { description: "Платёж не найден (или чужой)" } };

export const payments = new Hono<AppEnv>()
  .post(
    "/yookassa/notifications",
    describeRoute({
      tags: ["payments"],
      summary: "Уведомления ЮKassa (webhook)",
      description:
        "Только с адресов ЮKassa (CF-Connecting-IP), иначе 403. Тело уведомления лишь называет объект: платёж (или возврат) перечитывается из ЮKassa, и действует то, что ответила она. Неизвестный объект ничего не меняет (200).",
      responses: {
        200: { description: "Принято" },
        403: { description: "Не с адреса ЮKassa" },
        502: { description: "ЮKassa не ответила (она повторит уведомление)" },
        503: { description: "ЮKassa не настроена" },
      },
    }),
    fromYooKassa,
    validate("json", noticeBody),
    async (c) => {
      const notice = c.req.valid("json");
      await handleNotice(getDb(c.env.DB), paymentProvider(c.env, "yookassa"), { event: notice.event, objectId: notice.object.id });
      return c.json({ status: "ok" }, 200);
    },
  )
  .get(
    "/sandbox/:id",
    describeRoute({
      tags: ["payments"],
      summary: "Страница оплаты песочницы",
      description: "Только при PAYMENT_PROVIDER = sandbox (локально): тариф, сумма, «Оплатить» и «Отменить».",
      responses: { 200: { description: "HTML" }, 404: { description: "Нет такого платежа или оплата не через песочницу" } },
    }),
    sandboxOnly,
    validate("param", idParams),
    async (c) => {
      const id = c.req.valid("param").id;
      const { payment, planName } = await sandboxPayment(c, id);
      return c.html(
        checkoutPage({ planName, amountKopecks: payment.amountKopecks, status: payment.status, action: c.req.path, returnUrl: checkoutReturnUrl(c.env, id) }),
        200,
        { "cache-control": "no-store" },
      );
    },
  )
  .post(
    "/sandbox/:id",
    describeRoute({
      tags: ["payments"],
      summary: "Решение плательщика в песочнице",
      description:
        "Форма `action=pay|cancel`: песочница меняет у себя статус платежа и доставляет то же уведомление, что ЮKassa; затем 303 на `/checkout?payment_id=`.",
      responses: { 303: { description: "На /checkout" }, 404: { description: "Нет такого платежа или оплата не через песочницу" } },
    }),
    sandboxOnly,
    validate("param", idParams),
    validate("form", checkoutForm),
    async (c) => {
      const id = c.req.valid("param").id;
      const { payment } = await sandboxPayment(c, id);
      const provider = sandboxProvider(c.env);
      const outcome = c.req.valid("form").action === "pay" ? "succeeded" : "canceled";
      await provider.decide(payment.providerPaymentId!, outcome);
      await handleNotice(getDb(c.env.DB), provider, { event: `payment.${outcome}`, objectId: payment.providerPaymentId! });
      return c.redirect(checkoutReturnUrl(c.env, id), 303);
    },
  )
  .get(
    "/",
    describeRoute({
      tags: ["payments"],
      summary: "Мои платежи",
      description: "Payment[], новые первыми (до 100).",
      ...secured,
      responses: { 200: { description: "Payment[]" } },
    }),
    requireUser,
    async (c) => c.json((await listOwnPayments(getDb(c.env.DB), c.var.userId)).map(publicPayment), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["payments"],
      summary: "Платёж",
      description: "Свой платёж (страница /checkout опрашивает его). Ожидающий платёж ЮKassa при этом перечитывается из ЮKassa.",
      ...secured,
      responses: { 200: { description: "Payment" }, ...notFound },
    }),
    requireUser,
    validate("param", idParams),
    async (c) => {
      const db = getDb(c.env.DB);
      const payment = await refreshPending(c.env, db, await findOwnPayment(db, c.var.userId, c.req.valid("param").id));
      return c.json(publicPayment(payment), 200);
    },
  )
  .post(
    "/:id/refund",
    describeRoute({
      tags: ["payments"],
      summary: "Вернуть платёж (админ)",
      description:
        "Полный возврат через платёжную систему; пакет, выданный платежом, заканчивается сейчас и обнуляется (потраченные запросы остаются потраченными). 200 и Payment со статусом refunded; 202, если возврат ещё в обработке (его завершит уведомление).",
      ...secured,
      responses: {
        200: { description: "Payment (refunded)" },
        202: { description: "Payment: возврат в обработке" },
        403: { description: "Только для администраторов" },
        404: { description: "Платёж не найден" },
        409: { description: "Платёж не оплачен, уже возвращён или возврат отклонён" },
        502: { description: "Платёжная система не ответила" },
      },
    }),
    requireAdmin,
    validate("param", idParams),
    async (c) => {
      const { payment, finished } = await refundPayment(c.env, getDb(c.env.DB), c.req.valid("param").id);
      return c.json(publicPayment(payment), finished ? 200 : 202);
    },
  )
  .post(
    "/:subscriptionId",
    describeRoute({
      tags: ["payments"],
      summary: "Оплатить тариф",
      description:
        "Записывает платёж и создаёт его в платёжной системе; ответ — адрес страницы оплаты (JSON-строка). С `?company_id=` (владелец или администратор компании) тариф пополняет пул компании.",
      ...secured,
      responses: {
        200: { description: "URL страницы оплаты" },
        404: { description: "Тариф не найден (или компания — не ваша)" },
        502: { description: "Платёжная система не ответила" },
        503: { description: "Оплата не настроена" },
      },
    }),
    requireUser,
    validate("param", z.object({ subscriptionId: pathId })),
    async (c) => {
      const db = getDb(c.env.DB);
      // `company_id` is read by hand, not by a query validator: that would make the web client's
      // `$post({param})` require a query. Not a number → no such company → 404.
      const rawCompanyId = c.req.query("company_id");
      const companyId = rawCompanyId === undefined ? undefined : /^[1-9][0-9]{0,15}$/.test(rawCompanyId) ? Number(rawCompanyId) : 0;
      // Only the owner or a company admin buys for the pool; anyone else gets the company's 404.
      if (companyId !== undefined) await companyForManager(db, c.var.userId, companyId);
      const plan = await findPlan(db, c.req.valid("param").subscriptionId, { all: c.var.role === "admin" });
      return c.json(await startPayment(c.env, db, c.var.userId, plan, companyId ?? null), 200);
    },
  );
