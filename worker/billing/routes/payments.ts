import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { companyForManager } from "../../companies/services/companies";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { paymentIdParams, pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { requireUser } from "../../accounts/middleware/auth";
import { findOwnPayment, listOwnPayments, publicPayment, refreshPending, startPayment } from "../services/payments";
import { findPlan } from "../services/plans";
import { jsonOf, secured } from "../../http/openapi";
import { paymentSchema } from "../schemas";
import { PAYMENT_ID_HEADER } from "../../settings";

const notFound = { 404: { description: "Платёж не найден (или чужой)" } };

export const payments = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["payments"],
      summary: "Мои платежи",
      description: "Payment[], новые первыми (до 100).",
      ...secured,
      responses: { 200: jsonOf("Payment[]", z.array(paymentSchema)) },
    }),
    requireUser,
    async (c) =>
      c.json(
        (await listOwnPayments(getDb(c.env.DB), c.var.userId)).map((p) => publicPayment(c.env, p)),
        200,
      ),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["payments"],
      summary: "Платёж",
      description:
        "Свой платёж (страница /checkout опрашивает его). Ожидающий платёж ЮKassa при этом перечитывается из ЮKassa.",
      ...secured,
      responses: { 200: jsonOf("Payment", paymentSchema), ...notFound },
    }),
    requireUser,
    validate("param", paymentIdParams),
    async (c) => {
      const db = getDb(c.env.DB);
      const payment = await refreshPending(c.env, db, await findOwnPayment(db, c.var.userId, c.req.valid("param").id));
      return c.json(publicPayment(c.env, payment), 200);
    },
  )
  .post(
    "/:subscriptionId",
    describeRoute({
      tags: ["payments"],
      summary: "Оплатить тариф",
      description:
        "Записывает платёж и создаёт его в платёжной системе; ответ — адрес страницы оплаты (JSON-строка). С " +
        "`?company_id=` (владелец или администратор компании) тариф пополняет пул компании. Id платежа — в " +
        "заголовке X-Payment-Id.",
      ...secured,
      responses: {
        200: jsonOf("URL страницы оплаты (строка JSON)", z.url()),
        404: { description: "Тариф не найден (или компания — не ваша)" },
        502: { description: "Платёжная система не ответила" },
        503: { description: "Оплата не настроена" },
      },
    }),
    validate("param", z.object({ subscriptionId: pathId })),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      // `company_id` is read by hand, not by a query validator: that would make the web client's
      // `$post({param})` require a query. Not a number → no such company → 404.
      const rawCompanyId = c.req.query("company_id");
      const companyId =
        rawCompanyId === undefined ? undefined : /^[1-9][0-9]{0,15}$/.test(rawCompanyId) ? Number(rawCompanyId) : 0;
      // Only the owner or a company admin buys for the pool; anyone else gets the company's 404.
      if (companyId !== undefined) await companyForManager(db, c.var.userId, companyId);
      const plan = await findPlan(db, c.req.valid("param").subscriptionId, { all: c.var.role === "admin" });
      const started = await startPayment(c.env, db, c.var.userId, plan, companyId ?? null);
      // The body stays the URL (docs/billing.md); the id lets the page that opened it follow the payment.
      c.header(PAYMENT_ID_HEADER, started.id);
      return c.json(started.url, 200);
    },
  );
