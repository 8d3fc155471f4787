import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { ApiError } from "../../../http/errors";
import { detailOf, jsonOf } from "../../../http/openapi";
import { validate } from "../../../http/validate";
import { botLinkTokenSchema } from "../../schemas";
import { BOT_LINK_TEXTS, issueBotLinkToken } from "../../services/bot-links";
import { botParams, internalSecured } from "./shared";

// Any provider name reaches the handler, so one without links answers 404 rather than 422.
const linkParams = botParams.extend({ provider: z.string() });

/** `/link` in a bot: a one-time web link that joins the bot account to a signed-in account. */
export const internalLinkTokens = new Hono<AppEnv>().post(
  "/:provider/:externalId/link-token",
  describeRoute({
    tags: ["internal"],
    summary: "Одноразовая ссылка для привязки аккаунта бота",
    description:
      "Ссылка на страницу /link/telegram?token=…: действует 15 минут и один раз. Открытая там, где " +
      "пользователь вошёл (или после входа), привязывает Telegram к его аккаунту. Хранится только хеш токена.",
    ...internalSecured,
    responses: {
      201: jsonOf("{url, expires_at}", botLinkTokenSchema),
      401: { description: "Нет или неверный internal-token" },
      404: detailOf("Провайдер без привязки по ссылке"),
      422: { description: "Неверный внешний идентификатор" },
    },
  }),
  validate("param", linkParams),
  async (c) => {
    const { provider, externalId } = c.req.valid("param");
    if (provider !== "tg") throw ApiError.notFound(BOT_LINK_TEXTS.unknownProvider);
    const { url, expiresAt } = await issueBotLinkToken(getDb(c.env.DB), c.env.APP_URL, provider, externalId);
    return c.json({ url, expires_at: new Date(expiresAt).toISOString() }, 201);
  },
);
