import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { startPayment } from "../../../billing/services/payments";
import { findPlan } from "../../../billing/services/plans";
import { validate } from "../../../http/validate";
import { pathId } from "../../../http/params";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

export const internalPayments = new Hono<AppEnv>().post(
  `${BOT_PATH}/:subscriptionId{[0-9]+}`,
  describeRoute({
    tags: ["internal"],
    summary: "Ссылка на оплату тарифа для пользователя бота",
    ...internalSecured,
    responses: {
      200: { description: "{url}" },
      ...botUserMissing,
      502: { description: "Платёжная система не ответила" },
      503: { description: "Оплата не настроена" },
    },
  }),
  validate("param", botParams.extend({ subscriptionId: pathId })),
  asBotUser,
  async (c) => {
    const db = getDb(c.env.DB);
    const plan = await findPlan(db, c.req.valid("param").subscriptionId, { all: c.var.role === "admin" });
    return c.json({ url: await startPayment(c.env, db, c.var.userId, plan) }, 200);
  },
);
