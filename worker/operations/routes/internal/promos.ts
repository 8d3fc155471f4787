import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { usePromo } from "../../../billing/services/promos";
import { validate } from "../../../http/validate";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { limitsSchema } from "../../../billing/schemas";

export const internalPromos = new Hono<AppEnv>().post(
  `${BOT_PATH}/:name`,
  describeRoute({
    tags: ["internal"],
    summary: "Пользователь бота активирует промокод",
    ...internalSecured,
    responses: {
      200: jsonOf("{available_requests, is_unlimited, limits: [...]}", limitsSchema),
      ...botUserMissing,
      409: { description: "Вы уже активировали этот промокод / Промокод больше не действует" },
    },
  }),
  validate("param", botParams.extend({ name: z.string().max(64) })),
  asBotUser,
  async (c) => c.json(await usePromo(getDb(c.env.DB), c.var.userId, c.req.valid("param").name), 200),
);
