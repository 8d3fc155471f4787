import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { PAYMENT_TEXTS, startPayment } from "../../../billing/services/payments";
import { ApiError } from "../../../http/errors";
import { z } from "zod";

const receiptBody = z.object({ email: z.email({ error: "Некорректный e-mail для чека" }).max(254).optional() });
import { findPlan } from "../../../billing/services/plans";
import { validate } from "../../../http/validate";
import { pathId } from "../../../http/params";
import { jsonOf } from "../../../http/openapi";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

export const internalPayments = new Hono<AppEnv>().post(
  `${BOT_PATH}/:subscriptionId`,
  describeRoute({
    tags: ["internal"],
    summary: "Ссылка на оплату тарифа для пользователя бота",
    description:
      "Тело `{email}` (необязательно): куда придёт чек (54-ФЗ), если у пользователя нет e-mail в аккаунте; без " +
      "него и без e-mail — 422.",
    ...internalSecured,
    responses: {
      200: jsonOf("{url}", z.strictObject({ url: z.url() })),
      ...botUserMissing,
      422: { description: "Нет e-mail для чека" },
      502: { description: "Платёжная система не ответила" },
      503: { description: "Оплата не настроена" },
    },
  }),
  validate("param", botParams.extend({ subscriptionId: pathId })),
  asBotUser,
  async (c) => {
    const db = getDb(c.env.DB);
    const plan = await findPlan(db, c.req.valid("param").subscriptionId, { all: c.var.role === "admin" });
    // 54-ФЗ: a bot's user usually has no e-mail on the account; the bot asks for one for the receipt.
    const body = receiptBody.safeParse(await c.req.json().catch(() => ({})));
    if (!body.success) throw new ApiError(422, body.error.issues[0]?.message ?? PAYMENT_TEXTS.noEmailForReceipt);
    const { url } = await startPayment(c.env, db, c.var.userId, plan, null, body.data.email);
    return c.json({ url }, 200);
  },
);
