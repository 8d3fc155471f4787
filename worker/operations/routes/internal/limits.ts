import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { userLimits } from "../../../billing/services/limits";
import { validate } from "../../../http/validate";
import { publicQuotas } from "../../../billing/routes/quotas";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { limitsSchema, quotasSchema } from "../../../billing/schemas";

export const internalLimits = new Hono<AppEnv>().get(
  BOT_PATH,
  describeRoute({
    tags: ["internal"],
    summary: "Запросы пользователя бота",
    ...internalSecured,
    responses: { 200: jsonOf("{available_requests, is_unlimited, limits: [...]}", limitsSchema), ...botUserMissing },
  }),
  validate("param", botParams),
  asBotUser,
  async (c) => c.json(await userLimits(getDb(c.env.DB), c.var.userId), 200),
);

export const internalQuotas = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    tags: ["internal"],
    summary: "Ограничения для клиента (как /api/v2/quotas)",
    ...internalSecured,
    responses: {
      200: jsonOf(
        "{upload_max_bytes, message_max_chars, start_requests, free_daily_requests, documents_per_message, " +
          "images_per_message, audio_daily_minutes}",
        quotasSchema,
      ),
      401: botUserMissing[401],
    },
  }),
  (c) => c.json(publicQuotas(), 200),
);
