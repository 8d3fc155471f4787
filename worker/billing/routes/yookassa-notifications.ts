import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { validate } from "../../http/validate";
import { paymentProvider } from "../payments/providers";
import { isYooKassaAddress } from "../payments/yookassa-addresses";
import { handleNotice } from "../services/payments";
import { anonymous, jsonOf } from "../../http/openapi";

export const NOTICE_TEXTS = { foreignAddress: "Уведомления принимаются только с адресов ЮKassa" } as const;

// YooKassa's notice: `{type: "notification", event, object}`; only the object's id is used.
const noticeBody = z.object({
  type: z.literal("notification", { error: "Ожидается уведомление ЮKassa (type: notification)" }),
  event: z.string({ error: "Укажите event" }).min(1).max(100),
  object: z.object({ id: z.string({ error: "Укажите object.id" }).min(1).max(100) }, { error: "Укажите object" }),
});

/** YooKassa's notices are unsigned: only its published addresses may deliver them. */
const fromYooKassa = createMiddleware<AppEnv>(async (c, next) => {
  if (!isYooKassaAddress(c.req.header("cf-connecting-ip"))) throw ApiError.forbidden(NOTICE_TEXTS.foreignAddress);
  await next();
});

export const yookassaNotifications = new Hono<AppEnv>().post(
  "/yookassa/notifications",
  describeRoute({
    ...anonymous,
    tags: ["payments"],
    summary: "Уведомления ЮKassa (webhook)",
    description:
      "Только с адресов ЮKassa (CF-Connecting-IP), иначе 403. Тело уведомления лишь называет объект: платёж (или " +
      "возврат) перечитывается из ЮKassa, и действует то, что ответила она. Неизвестный объект ничего не меняет (200).",
    responses: {
      200: jsonOf("Принято", z.strictObject({ status: z.literal("ok") })),
      403: { description: "Не с адреса ЮKassa" },
      502: { description: "ЮKassa не ответила (она повторит уведомление)" },
      503: { description: "ЮKassa не настроена" },
    },
  }),
  fromYooKassa,
  validate("json", noticeBody),
  async (c) => {
    const notice = c.req.valid("json");
    await handleNotice(getDb(c.env.DB), paymentProvider(c.env, "yookassa"), {
      event: notice.event,
      objectId: notice.object.id,
    });
    return c.json({ status: "ok" }, 200);
  },
);
