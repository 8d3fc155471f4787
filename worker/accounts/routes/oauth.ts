import { generateCodeVerifier, generateState } from "arctic";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { issueAuthRecord } from "../services/auth-record";
import { deviceOf } from "../services/devices";
import { resolveExternalUser } from "../services/oauth/accounts";
import { configuredOAuthProviders, oauthClient } from "../services/oauth/clients";
import { FLOW_COOKIE, flowCookieOptions, flowCookiePath, openFlow, sealFlow } from "../services/oauth/flow-cookie";
import { OAUTH_PROVIDERS, PROVIDER_TITLES, type ExternalProfile } from "../services/oauth/provider";
import { signedInUrl, signInFailedUrl, toSpaPath, type SignInFailure } from "../services/oauth/spa-redirects";
import { telegramBotId } from "../services/oauth/telegram";
import { validate } from "../../http/validate";
import { anonymous, jsonOf } from "../../http/openapi";
import { signInProvidersSchema, type SignInProviders } from "../schemas";
import { logEvent } from "../../http/log";

// External sign-in by redirect (docs/external-sign-in.md). Both routes are browser
// navigations, so the callback answers every outcome with a redirect to the SPA, never JSON.
const providerParam = z.object({
  provider: z.enum(OAUTH_PROVIDERS, { error: "Неизвестный способ входа: допустимы google, yandex, vk" }),
});

const startQuery = z.object({
  next: z
    .string()
    .max(512)
    .refine((value) => toSpaPath(value) !== null, { error: "Укажите путь внутри приложения, начинающийся с /" })
    .optional()
    .describe("Путь в приложении, куда вернуться после входа (по умолчанию /)"),
});

const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  device_id: z.string().optional().describe("Только VK ID"),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const redirectResponse = (description: string) => ({ 302: { description } });

export const oauth = new Hono<AppEnv>()
  // Before "/auth/:provider", which would take "providers" for a provider's name.
  .get(
    "/auth/providers",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Какими способами можно войти: настроенные провайдеры и id бота Telegram",
      description:
        "`providers`: те из vk, google, yandex, у которых заданы секреты, в этом порядке. " +
        "`telegram_bot_id`: числовой id бота для Login Widget (публичная часть токена до двоеточия) или null.",
      responses: { 200: jsonOf("{providers, telegram_bot_id}", signInProvidersSchema) },
    }),
    (c) => {
      // Secrets change only with a deployment; a few minutes of staleness is harmless.
      c.header("Cache-Control", "public, max-age=300");
      return c.json({
        providers: configuredOAuthProviders(c.env),
        telegram_bot_id: telegramBotId(c.env.TELEGRAM_BOT_TOKEN),
      } satisfies SignInProviders);
    },
  )
  .get(
    "/auth/:provider",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Вход через Google, Яндекс или VK ID: перенаправление к провайдеру",
      responses: {
        ...redirectResponse("К странице входа провайдера (state и PKCE S256)"),
        503: { description: "Вход через этого провайдера не настроен" },
      },
    }),
    validate("param", providerParam),
    validate("query", startQuery),
    async (c) => {
      const { provider } = c.req.valid("param");
      const next = toSpaPath(c.req.valid("query").next ?? "/") ?? "/";
      const client = oauthClient(c.env, provider);
      if (!client) throw new ApiError(503, `Вход через ${PROVIDER_TITLES[provider]} не настроен`);

      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      setCookie(
        c,
        FLOW_COOKIE,
        await sealFlow(c.env, { provider, state, codeVerifier, next }),
        flowCookieOptions(c.env, provider),
      );
      c.header("Cache-Control", "no-store");
      return c.redirect(client.authorizationUrl(state, codeVerifier).toString(), 302);
    },
  )
  .get(
    "/auth/:provider/callback",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Возврат от провайдера: вход и перенаправление в приложение",
      description:
        "Успех: `/?access_token=…&refresh_token=…`. Ошибка: `/login?status=…` (400 попытка недействительна, " +
        "401 отказ у провайдера, 409 e-mail занят аккаунтом с паролем, 502 сбой провайдера, 503 провайдер не " +
        "настроен, " +
        "500 сбой сервера).",
      responses: redirectResponse("В приложение с токенами или с кодом ошибки"),
    }),
    validate("param", providerParam),
    validate("query", callbackQuery),
    async (c) => {
      const { provider } = c.req.valid("param");
      const query = c.req.valid("query");
      const flow = await openFlow(c.env, getCookie(c, FLOW_COOKIE));
      deleteCookie(c, FLOW_COOKIE, { path: flowCookiePath(provider) });
      c.header("Cache-Control", "no-store");
      const fail = (status: SignInFailure) => c.redirect(signInFailedUrl(c.env, status), 302);

      // The state is checked first: an `error` that does not answer our own request is not news.
      if (!flow || flow.provider !== provider || !query.state || query.state !== flow.state) return fail(400);
      if (query.error) return fail(401);
      if (!query.code) return fail(400);
      const client = oauthClient(c.env, provider);
      if (!client) return fail(503);

      let profile: ExternalProfile;
      try {
        profile = await client.fetchProfile(
          { code: query.code, state: query.state, deviceId: query.device_id },
          flow.codeVerifier,
        );
      } catch (err) {
        logEvent("warn", "oauth provider failure", { provider, err });
        return fail(502);
      }

      try {
        const db = getDb(c.env.DB);
        const result = await resolveExternalUser(db, provider, profile);
        if (result.kind === "email_taken") return fail(409);
        if (result.kind === "blocked") return fail(403);
        const record = await issueAuthRecord(c.env, db, result.user, deviceOf(c.req.raw));
        return c.redirect(signedInUrl(c.env, flow.next, record), 302);
      } catch (err) {
        logEvent("error", "oauth sign-in failed", { provider, err });
        return fail(500);
      }
    },
  );
