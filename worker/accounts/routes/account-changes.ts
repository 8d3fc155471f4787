import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAccount } from "../middleware/auth";
import { confirmEmailChange, EMAIL_CHANGED, emailChangedNotice } from "../services/email-change";
import { CODE_SENT, issueOneTimeCode } from "../services/one-time-codes";
import { enforceRateLimits } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { anonymous, detailOf, jsonOf, secured } from "../../http/openapi";
import { logEvent } from "../../http/log";

// The owner's side of account changes (docs/accounts.md, "Account changes"); the change itself is
// PATCH /users/ in routes/users.ts.
export const accountChanges = new Hono<AppEnv>()
  .post(
    "/self/code",
    describeRoute({
      tags: ["users"],
      summary: "Код подтверждения по e-mail",
      description:
        "Для аккаунта без пароля: письмо с 6-значным кодом (10 минут, 5 попыток, один раз), который PATCH /users/ " +
        "принимает в поле code.",
      ...secured,
      responses: {
        200: detailOf("Код отправлен"),
        400: { description: "У аккаунта есть пароль или нет e-mail" },
        429: { description: "Слишком много попыток" },
      },
    }),
    requireAccount,
    async (c) => {
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["oneTimeCodePerUser", String(c.var.userId)]]);
      const { send } = await issueOneTimeCode(c.env, db, c.var.account);
      c.executionCtx.waitUntil(send().catch((err) => logEvent("error", "one-time code mail failed", { err })));
      return c.json({ detail: CODE_SENT }, 200);
    },
  )
  .post(
    "/email/confirm",
    describeRoute({
      ...anonymous,
      tags: ["users"],
      summary: "Подтверждение нового e-mail по ссылке из письма",
      description:
        "Применяет смену e-mail и сообщает об этом старому адресу. Не требует входа: ссылка сама доказывает доступ " +
        "к новому адресу.",
      responses: {
        200: jsonOf("{detail, email}", z.strictObject({ detail: z.string(), email: z.string() })),
        400: { description: "Ссылка недействительна или устарела" },
        409: { description: "Адрес занят другим аккаунтом" },
      },
    }),
    validate(
      "json",
      z.object({
        token: z
          .string({ error: "Укажите ссылку подтверждения" })
          .trim()
          .min(1, { error: "Укажите ссылку подтверждения" })
          .max(200),
      }),
    ),
    async (c) => {
      const db = getDb(c.env.DB);
      const { user, oldEmail } = await confirmEmailChange(db, c.req.valid("json").token);
      if (oldEmail && oldEmail !== user.email)
        c.executionCtx.waitUntil(
          emailChangedNotice(c.env, db, oldEmail, user).catch((err) =>
            logEvent("error", "email changed notice failed", { err }),
          ),
        );
      return c.json({ detail: EMAIL_CHANGED, email: user.email }, 200);
    },
  );
