import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { paymentIdParams } from "../../http/params";
import { validate } from "../../http/validate";
import { checkoutPage } from "../payments/checkout-page";
import { sandboxProvider } from "../payments/sandbox";
import { checkoutReturnUrl, findSandboxPayment, handleNotice, PAYMENT_TEXTS } from "../services/payments";
import { receiptPage } from "../payments/receipt-page";
import { anonymous, bodyOf } from "../../http/openapi";

const checkoutForm = z.object({ action: z.enum(["pay", "cancel"]) });

/** The sandbox checkout exists only while the sandbox takes the payments. */
const sandboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.PAYMENT_PROVIDER !== "sandbox") throw ApiError.notFound();
  await next();
});

export const sandboxCheckout = new Hono<AppEnv>()
  .get(
    "/sandbox/:id/receipt",
    describeRoute({
      ...anonymous,
      tags: ["payments"],
      summary: "Чек песочницы по оплаченному платежу",
      description:
        "Только при PAYMENT_PROVIDER = sandbox: позиция, сумма, НДС, e-mail покупателя — как в чеке ЮKassa (не " +
        "фискальный).",
      responses: {
        200: bodyOf("HTML", "text/html"),
        404: { description: "Нет такого оплаченного платежа или оплата не через песочницу" },
      },
    }),
    sandboxOnly,
    validate("param", paymentIdParams),
    async (c) => {
      const { payment } = await findSandboxPayment(getDb(c.env.DB), c.req.valid("param").id);
      const receipt = await sandboxProvider(c.env).receiptOf(payment.providerPaymentId!);
      if (!receipt || (payment.status !== "succeeded" && payment.status !== "refunded"))
        throw ApiError.notFound(PAYMENT_TEXTS.notFound);
      return c.html(
        receiptPage({ receipt, amountKopecks: payment.amountKopecks, paidAt: payment.creditedAt ?? payment.updatedAt }),
        200,
        {
          "cache-control": "no-store",
        },
      );
    },
  )
  .get(
    "/sandbox/:id",
    describeRoute({
      ...anonymous,
      tags: ["payments"],
      summary: "Страница оплаты песочницы",
      description: "Только при PAYMENT_PROVIDER = sandbox (локально): тариф, сумма, «Оплатить» и «Отменить».",
      responses: {
        200: bodyOf("HTML", "text/html"),
        404: { description: "Нет такого платежа или оплата не через песочницу" },
      },
    }),
    sandboxOnly,
    validate("param", paymentIdParams),
    async (c) => {
      const id = c.req.valid("param").id;
      const { payment, planName } = await findSandboxPayment(getDb(c.env.DB), id);
      return c.html(
        checkoutPage({
          planName,
          amountKopecks: payment.amountKopecks,
          status: payment.status,
          action: c.req.path,
          returnUrl: checkoutReturnUrl(c.env, id),
        }),
        200,
        { "cache-control": "no-store" },
      );
    },
  )
  .post(
    "/sandbox/:id",
    describeRoute({
      ...anonymous,
      tags: ["payments"],
      summary: "Решение плательщика в песочнице",
      description:
        "Форма `action=pay|cancel`: песочница меняет у себя статус платежа и доставляет то же уведомление, что " +
        "ЮKassa; затем 303 на `/checkout?payment_id=`.",
      responses: {
        303: { description: "На /checkout" },
        404: { description: "Нет такого платежа или оплата не через песочницу" },
      },
    }),
    sandboxOnly,
    validate("param", paymentIdParams),
    validate("form", checkoutForm),
    async (c) => {
      const id = c.req.valid("param").id;
      const { payment } = await findSandboxPayment(getDb(c.env.DB), id);
      const provider = sandboxProvider(c.env);
      const outcome = c.req.valid("form").action === "pay" ? "succeeded" : "canceled";
      await provider.decide(payment.providerPaymentId!, outcome);
      await handleNotice(getDb(c.env.DB), provider, {
        event: `payment.${outcome}`,
        objectId: payment.providerPaymentId!,
      });
      return c.redirect(checkoutReturnUrl(c.env, id), 303);
    },
  );
