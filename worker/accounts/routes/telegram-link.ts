import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { detailOf, jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { hasTelegram, linkByToken, unlinkTelegram } from "../../operations/services/bot-links";
import { requireAccount, requireUser } from "../middleware/auth";
import { telegramLinkSchema } from "../schemas";

const linkBody = z.object({
  token: z
    .string({ error: "Укажите токен из ссылки" })
    .min(1, { error: "Укажите токен из ссылки" })
    .max(200, { error: "Токен — не длиннее 200 символов" }),
});

/** The account's Telegram: linked from the bot's one-time link (`/link`), unlinked in the settings. */
export const telegramLink = new Hono<AppEnv>()
  .get(
    "/self/links/telegram",
    describeRoute({
      tags: ["users"],
      summary: "Привязан ли Telegram",
      ...secured,
      responses: { 200: jsonOf("{linked}", telegramLinkSchema), 401: { description: "Нет или неверный токен" } },
    }),
    requireUser,
    async (c) => c.json({ linked: await hasTelegram(getDb(c.env.DB), c.var.userId) }, 200),
  )
  .post(
    "/self/links/telegram",
    describeRoute({
      tags: ["users"],
      summary: "Привязать Telegram по одноразовой ссылке от бота",
      description:
        "token — из ссылки, которую бот присылает на /link. Если у этого Telegram уже есть свой аккаунт с чатами, " +
        "привязка отклоняется (409): чаты аккаунтов не объединяются. Ранее привязанный Telegram заменяется.",
      ...secured,
      responses: {
        200: jsonOf("{linked: true}", telegramLinkSchema),
        400: detailOf("Ссылка недействительна"),
        401: { description: "Нет или неверный токен" },
        409: detailOf("У этого Telegram свой аккаунт с чатами"),
        410: detailOf("Ссылка устарела или уже использована"),
        422: { description: "Нет токена" },
      },
    }),
    requireAccount,
    validate("json", linkBody),
    async (c) => {
      await linkByToken(getDb(c.env.DB), c.var.account, c.req.valid("json").token);
      return c.json({ linked: true }, 200);
    },
  )
  .delete(
    "/self/links/telegram",
    describeRoute({
      tags: ["users"],
      summary: "Отвязать Telegram",
      description: "Бот после этого заводит новый аккаунт при следующем сообщении.",
      ...secured,
      responses: {
        204: { description: "Отвязан" },
        401: { description: "Нет или неверный токен" },
        404: detailOf("Telegram не привязан"),
        409: detailOf("Telegram — единственный способ входа"),
      },
    }),
    requireAccount,
    async (c) => {
      await unlinkTelegram(getDb(c.env.DB), c.var.account);
      return c.body(null, 204);
    },
  );
