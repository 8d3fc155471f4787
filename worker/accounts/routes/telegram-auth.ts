import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { issueAuthRecord } from "../services/auth-record";
import { deviceOf } from "../services/devices";
import { resolveExternalUser } from "../services/oauth/accounts";
import { verifyTelegramLogin } from "../services/oauth/telegram";
import { ACCOUNT_BLOCKED } from "../services/users";
import { validate } from "../../http/validate";
import { anonymous, jsonOf } from "../../http/openapi";
import { authRecordSchema } from "../schemas";

// The widget's fields, as Telegram hands them to the page (docs/product.md §4: the SPA decodes
// tgAuthResult and passes the fields on unchanged). Every received field is signed, so the
// check reads the raw query, not this schema's output.
const widgetFields = z.object({
  id: z.string().regex(/^\d+$/, { error: "id должен быть числом" }),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  auth_date: z.string().regex(/^\d+$/, { error: "auth_date должен быть числом" }),
  hash: z.string().min(1),
});

export const TELEGRAM_TEXTS = {
  notConfigured: "Вход через Telegram не настроен",
  forged: "Данные входа через Telegram не прошли проверку",
  expired: "Данные входа через Telegram устарели, войдите заново",
} as const;

export const telegramAuth = new Hono<AppEnv>().get(
  "/tg/auth",
  describeRoute({
    ...anonymous,
    tags: ["users"],
    summary: "Вход через Telegram (данные Login Widget)",
    responses: {
      200: jsonOf("Запись входа: access_token, refresh_token, email, name", authRecordSchema),
      401: { description: "Подпись неверна или данные старше суток" },
      403: { description: "Аккаунт заблокирован" },
      503: { description: "Вход через Telegram не настроен" },
    },
  }),
  validate("query", widgetFields),
  async (c) => {
    const botToken = c.env.TELEGRAM_BOT_TOKEN;
    if (!botToken) throw new ApiError(503, TELEGRAM_TEXTS.notConfigured);
    const check = await verifyTelegramLogin(botToken, c.req.query(), Math.floor(Date.now() / 1000));
    if (!check.ok) throw ApiError.unauthorized(TELEGRAM_TEXTS[check.reason]);

    const db = getDb(c.env.DB);
    const result = await resolveExternalUser(db, "tg", check.profile);
    // Telegram gives no e-mail, so nothing can collide; kept for the type's sake.
    if (result.kind === "email_taken") throw ApiError.conflict("Пользователь с данным email уже зарегистрирован");
    if (result.kind === "blocked") throw ApiError.forbidden(ACCOUNT_BLOCKED);
    return c.json(await issueAuthRecord(c.env, db, result.user, deviceOf(c.req.raw)));
  },
);
