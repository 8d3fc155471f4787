import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { jsonOf } from "../../../http/openapi";
import { validate } from "../../../http/validate";
import { botNoticeSchema } from "../../schemas";
import {
  claimBotNotices,
  MAX_NOTICE_ATTEMPTS,
  MAX_NOTICE_CLAIM,
  NOTICE_OUTCOMES,
  recordBotNoticeResults,
} from "../../services/bot-notices";
import { BOT_PROVIDERS } from "../../services/bot-users";
import { internalSecured } from "./shared";

const providerParam = z.object({ provider: z.enum(BOT_PROVIDERS, { error: "Провайдер: tg или vk" }) });
const id = (field: string) =>
  z
    .number({ error: `${field}: число` })
    .int({ error: `${field}: целое число` })
    .positive({ error: `${field}: > 0` });

const claimBody = z.object({
  limit: z
    .number({ error: "limit: число" })
    .int({ error: "limit: целое число" })
    .min(1, { error: "limit: не меньше 1" })
    .max(MAX_NOTICE_CLAIM, { error: `limit: не больше ${MAX_NOTICE_CLAIM}` }),
});

const resultsBody = z.object({
  results: z
    .array(
      z.object({
        notification_id: id("notification_id"),
        user_id: id("user_id"),
        outcome: z.enum(NOTICE_OUTCOMES, { error: "outcome: sent, blocked, failed или retry" }),
      }),
      { error: "results: список" },
    )
    .min(1, { error: "results: хотя бы один" })
    .max(MAX_NOTICE_CLAIM, { error: `results: не больше ${MAX_NOTICE_CLAIM}` }),
});

/** Admin notices on their way to the bots' chats (docs/telegram.md "Admin notices in the chat"). */
export const internalNotices = new Hono<AppEnv>()
  .post(
    "/:provider/claim",
    describeRoute({
      tags: ["internal"],
      summary: "Взять следующие уведомления для отправки ботом",
      description:
        "До `limit` доставок, по старшинству уведомлений: каждая выдаётся один раз (становится «отправляется»). " +
        "Заблокированные администратором, отвязанные и заблокировавшие бота пропускаются.",
      ...internalSecured,
      responses: {
        200: jsonOf("[{notification_id, user_id, external_id, title, text}]", z.array(botNoticeSchema)),
        401: { description: "Нет или неверный internal-token" },
        422: { description: "Неверные данные" },
      },
    }),
    validate("param", providerParam),
    validate("json", claimBody),
    async (c) => {
      const { provider } = c.req.valid("param");
      return c.json(await claimBotNotices(getDb(c.env.DB), provider, c.req.valid("json").limit), 200);
    },
  )
  .post(
    "/:provider/results",
    describeRoute({
      tags: ["internal"],
      summary: "Итог отправки уведомлений ботом",
      description:
        "`sent` — доставлено; `blocked` — пользователь заблокировал бота (записывается событие block); " +
        `\`failed\` — не доставлено; \`retry\` — вернуть в очередь (не больше ${MAX_NOTICE_ATTEMPTS} попыток). ` +
        "Доставки, которые не были выданы, не меняются.",
      ...internalSecured,
      responses: {
        204: { description: "Записано" },
        401: { description: "Нет или неверный internal-token" },
        422: { description: "Неверные данные" },
      },
    }),
    validate("param", providerParam),
    validate("json", resultsBody),
    async (c) => {
      await recordBotNoticeResults(getDb(c.env.DB), c.req.valid("param").provider, c.req.valid("json").results);
      return c.body(null, 204);
    },
  );
