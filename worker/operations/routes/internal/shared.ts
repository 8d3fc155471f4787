import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { BOT_PROVIDERS, requireBotUser, type BotProvider } from "../../services/bot-users";

/** The bot account a call names: `/{provider}/{externalId}`. */
export const botParams = z.object({
  provider: z.enum(BOT_PROVIDERS, { error: "Провайдер: tg или vk" }),
  externalId: z
    .string()
    .min(1, { error: "Укажите внешний идентификатор пользователя" })
    .max(64, { error: "Внешний идентификатор — не длиннее 64 символов" })
    .regex(/^[A-Za-z0-9_.-]+$/, {
      error: "Внешний идентификатор: латинские буквы, цифры, точка, дефис и подчёркивание",
    }),
});

/**
 * Loads the user linked to the named bot account (404 if none) as the caller, so the web
 * services run for that user only. Put it after `validate("param", botParams…)`.
 */
export const asBotUser = createMiddleware<AppEnv>(async (c, next) => {
  const { provider, externalId } = c.req.param() as { provider: BotProvider; externalId: string };
  const user = await requireBotUser(getDb(c.env.DB), provider, externalId);
  c.set("user", user);
  c.set("userId", user.id);
  c.set("role", user.role);
  await next();
});

export const internalSecured = { security: [{ internal: [] }] };
export const botUserMissing = {
  401: { description: "Нет или неверный internal-token" },
  404: { description: "Пользователь бота не найден" },
};
export const BOT_PATH = "/:provider/:externalId";
