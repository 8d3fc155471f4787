import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { paymentIdParams } from "../../http/params";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../accounts/middleware/auth";
import { publicPayment, refundPayment } from "../services/payments";
import { jsonOf, secured } from "../../http/openapi";
import { paymentSchema } from "../schemas";

export const paymentRefunds = new Hono<AppEnv>().post(
  "/:id/refund",
  describeRoute({
    tags: ["payments"],
    summary: "Вернуть платёж (админ)",
    description:
      "Полный возврат через платёжную систему; пакет, выданный платежом, заканчивается сейчас и обнуляется " +
      "(потраченные запросы остаются потраченными). 200 и Payment со статусом refunded; 202, если возврат ещё в " +
      "обработке (его завершит уведомление).",
    ...secured,
    responses: {
      200: jsonOf("Payment (refunded)", paymentSchema),
      202: jsonOf("Payment: возврат в обработке", paymentSchema),
      403: { description: "Только для администраторов" },
      404: { description: "Платёж не найден" },
      409: { description: "Платёж не оплачен, уже возвращён или возврат отклонён" },
      502: { description: "Платёжная система не ответила" },
    },
  }),
  requireAdmin,
  validate("param", paymentIdParams),
  async (c) => {
    const { payment, finished } = await refundPayment(c.env, getDb(c.env.DB), c.req.valid("param").id);
    return c.json(publicPayment(c.env, payment), finished ? 200 : 202);
  },
);
