import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { requireUser } from "../../accounts/middleware/auth";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonOf, secured } from "../../http/openapi";
import { paymentIdParams } from "../../http/params";
import { validate } from "../../http/validate";
import { paymentSchema } from "../schemas";
import { cancelOwnPayment } from "../services/abandoned-payments";
import { publicPayment } from "../services/payments";

export const paymentCancel = new Hono<AppEnv>().post(
  "/:id/cancel",
  describeRoute({
    tags: ["payments"],
    summary: "Отменить неоплаченный платёж",
    description:
      "Свой платёж в статусе pending становится canceled (брошенный платёж из «Истории платежей»). Если плательщик " +
      "всё же оплатит его в открытой вкладке, уведомление платёжной системы зачислит его как обычно.",
    ...secured,
    responses: {
      200: jsonOf("Payment (canceled)", paymentSchema),
      404: { description: "Платёж не найден (или чужой)" },
      409: { description: "Платёж уже оплачен, возвращён или отменён" },
    },
  }),
  requireUser,
  validate("param", paymentIdParams),
  async (c) => {
    const payment = await cancelOwnPayment(c.env, getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
    return c.json(publicPayment(c.env, payment), 200);
  },
);
