import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { ApiError } from "../../../http/errors";
import {
  BOT_USER_TEXTS,
  findOrCreateBotUser,
  linkBotUser,
  publicBotUser,
  requireBotUser,
} from "../../services/bot-users";
import { enforceRateLimits, passwordFailureHits, refundRateLimits } from "../../../http/rate-limit";
import { checkPassword } from "../../../accounts/services/users";
import { validate } from "../../../http/validate";
import { typedEmail } from "../../../http/fields";
import { loginBody } from "../../../accounts/routes/users";
import { jsonOf } from "../../../http/openapi";
import { botUserSchema } from "../../schemas";
import { BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

const optionalText = (field: string) =>
  z
    .string({ error: `${field} должно быть строкой` })
    .trim()
    .min(1, { error: `${field} не может быть пустым` })
    .max(100, { error: `${field} — не длиннее 100 символов` })
    .optional();
const profileBody = z.object({
  name: optionalText("name"),
  username: optionalText("username"),
  email: typedEmail(z.string({ error: "email должен быть строкой" })).optional(),
});
const userShape = "{user_id, email, name, created}";

export const internalUsers = new Hono<AppEnv>()
  .post(
    BOT_PATH,
    describeRoute({
      tags: ["internal"],
      summary: "Найти или создать пользователя бота",
      description:
        "Новый пользователь получает стартовый пакет. E-mail от бота не проверен: он сохраняется только у " +
        "привязки, не становится e-mail для входа.",
      ...internalSecured,
      responses: {
        200: jsonOf(userShape, botUserSchema),
        201: jsonOf(`${userShape}: создан`, botUserSchema),
        401: botUserMissing[401],
        422: { description: "Неверные данные" },
      },
    }),
    validate("param", botParams),
    validate("json", profileBody),
    async (c) => {
      const { provider, externalId } = c.req.valid("param");
      const { user, created } = await findOrCreateBotUser(getDb(c.env.DB), provider, externalId, c.req.valid("json"));
      return c.json(publicBotUser(user, created), created ? 201 : 200);
    },
  )
  .get(
    BOT_PATH,
    describeRoute({
      tags: ["internal"],
      summary: "Пользователь бота",
      ...internalSecured,
      responses: { 200: jsonOf(userShape, botUserSchema), ...botUserMissing },
    }),
    validate("param", botParams),
    async (c) => {
      const { provider, externalId } = c.req.valid("param");
      return c.json(publicBotUser(await requireBotUser(getDb(c.env.DB), provider, externalId)), 200);
    },
  )
  .post(
    `${BOT_PATH}/link`,
    describeRoute({
      tags: ["internal"],
      summary: "Привязать аккаунт бота к аккаунту с паролем",
      description:
        "По e-mail и паролю. Аккаунт бота, уже привязанный к другому пользователю, переходит к этому. Неизвестный " +
        "e-mail и неверный пароль отвечают одинаково. Ограничено как вход: по аккаунту бота, по аккаунту бота и " +
        "e-mail, и общим для e-mail числом неудачных попыток.",
      ...internalSecured,
      responses: {
        200: jsonOf(userShape, botUserSchema),
        401: { description: "Неверный e-mail или пароль (или internal-token)" },
        403: { description: "Аккаунт заблокирован" },
        422: { description: "Неверные данные" },
        429: { description: "Слишком много попыток" },
      },
    }),
    validate("param", botParams),
    validate("json", loginBody),
    async (c) => {
      const { provider, externalId } = c.req.valid("param");
      const { email, password } = c.req.valid("json");
      const db = getDb(c.env.DB);
      // The caller is a trusted bot, so its address says little: the bot account is the source.
      const source = `${provider}:${externalId}`;
      const ticket = await enforceRateLimits(db, c.env, [
        ["linkPerBotUser", source],
        ["linkPerEmailBotUser", `${source}|${email}`],
        ...passwordFailureHits(email),
      ]);
      const user = await checkPassword(db, email, password);
      if (!user) throw ApiError.unauthorized(BOT_USER_TEXTS.badCredentials);
      await refundRateLimits(db, ticket);
      return c.json(publicBotUser(await linkBotUser(db, provider, externalId, user)), 200);
    },
  );
