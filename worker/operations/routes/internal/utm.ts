import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { recordUtm } from "../../services/bot-users";
import { validate } from "../../../http/validate";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

const tag = (field: string) =>
  z
    .string({ error: `${field} должно быть строкой` })
    .trim()
    .min(1, { error: `${field} не может быть пустым` })
    .max(200, { error: `${field} — не длиннее 200 символов` });
const utmBody = z.object({
  source: tag("source"),
  medium: tag("medium").optional(),
  campaign: tag("campaign").optional(),
  content: tag("content").optional(),
  term: tag("term").optional(),
});

export const internalUtm = new Hono<AppEnv>().post(
  BOT_PATH,
  describeRoute({
    tags: ["internal"],
    summary: "Записать рекламную кампанию пользователя бота",
    ...internalSecured,
    responses: { 204: { description: "Записано" }, ...botUserMissing, 422: { description: "Неверные метки" } },
  }),
  validate("param", botParams),
  validate("json", utmBody),
  asBotUser,
  async (c) => {
    await recordUtm(getDb(c.env.DB), c.var.userId, c.req.valid("param").provider, c.req.valid("json"));
    return c.body(null, 204);
  },
);
