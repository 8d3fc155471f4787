import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import { setStartPackForAll, updateCompanyLimits, updateUserLimits } from "../services/limits-admin";
import { userLimits } from "../services/limits";
import { QUOTAS } from "../../settings";
import { validate } from "../../http/validate";
import { flag, typedEmail, wholeNumber } from "../../http/fields";
import { allTarget, jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { limitsSchema } from "../schemas";

const MAX_REQUESTS = 1_000_000;
const requestCount = z
  .number({ error: "Число запросов должно быть числом" })
  .int({ error: "Число запросов должно быть целым" })
  .min(0, { error: "Число запросов не может быть отрицательным" })
  .max(MAX_REQUESTS, { error: `Не больше ${MAX_REQUESTS} запросов` });

const days = wholeNumber("days", "должно")
  .min(1, { error: "Срок — от 1 дня" })
  .max(3650, { error: "Срок — не больше 3650 дней" });

const updateBody = z
  .object({
    user_id: wholeNumber("user_id").positive({ error: "Некорректный user_id" }).optional(),
    company_id: wholeNumber("company_id").positive({ error: "Некорректный company_id" }).optional(),
    email: typedEmail(z.string({ error: "email должен быть строкой" })).optional(),
    requests: requestCount.optional(),
    mode: z.enum(["set", "add"], { error: "mode: set (заменить) или add (добавить)" }),
    days: days.nullable().optional(),
    is_unlimited: flag("is_unlimited").default(false),
  })
  .refine((b) => [b.user_id, b.email, b.company_id].filter((v) => v !== undefined).length === 1, {
    // The text predates company_id (clients match it); a company is the admin's third choice.
    error: "Укажите пользователя: user_id или email (одно из двух)",
    path: ["user_id"],
  })
  .refine((b) => b.is_unlimited || b.requests !== undefined, {
    error: "Укажите число запросов (requests)",
    path: ["requests"],
  });

const limitsDescription =
  "{available_requests, is_unlimited, limits: [{id, requests, available_requests, is_unlimited, date_expire, source}]}";

export const limits = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["limits"],
      summary: "Запросы пользователя",
      description:
        "Действующие (не истёкшие) пакеты, первым тот, что истекает раньше. `available_requests` — сумма по " +
        "счётным пакетам; при `is_unlimited: true` запросы не кончаются, что бы ни было в `available_requests`.",
      ...secured,
      responses: { 200: jsonOf(limitsDescription, limitsSchema), 401: { description: "Нет или неверный токен" } },
    }),
    requireUser,
    async (c) => c.json(await userLimits(getDb(c.env.DB), c.var.userId), 200),
  )
  .post(
    "/update",
    describeRoute({
      tags: ["admin"],
      summary: "Задать или добавить запросы пользователю (только администратор)",
      description:
        'С `company_id` вместо пользователя — то же для пула компании (ответ: Limits пула). `mode: "add"` — ещё ' +
        "один пакет (source `admin`) на `requests` запросов (или безлимитный при `is_unlimited`), на `days` дней " +
        'или бессрочно. `mode: "set"` — все действующие пакеты пользователя заканчиваются сейчас, и остаётся ' +
        "только этот (при `requests: 0` без безлимита — ничего). Ответ: Limits пользователя.",
      ...secured,
      responses: {
        200: jsonOf(limitsDescription, limitsSchema),
        403: { description: "Недостаточно прав" },
        404: { description: "Пользователь не найден" },
        422: { description: "Неверные данные" },
      },
    }),
    requireAdmin,
    validate("json", updateBody),
    async (c) => {
      const body = c.req.valid("json");
      const pack = { requests: body.requests ?? 0, mode: body.mode, days: body.days, isUnlimited: body.is_unlimited };
      if (body.company_id !== undefined)
        return c.json(await updateCompanyLimits(getDb(c.env.DB), body.company_id, pack), 200);
      const result = await updateUserLimits(getDb(c.env.DB), {
        user: body.user_id !== undefined ? { id: body.user_id } : { email: body.email! },
        requests: body.requests ?? 0,
        mode: body.mode,
        days: body.days,
        isUnlimited: body.is_unlimited,
      });
      return c.json(result, 200);
    },
  )
  .post(
    "/set_start_for_all",
    describeRoute({
      tags: ["admin"],
      summary: "Стартовый пакет всем пользователям (только администратор)",
      description:
        `Тело \`{"target": "all", "requests"?}\`: без \`target: "all"\` (пустое тело, не JSON, \`{}\`) ` +
        `— 422, ничего не меняется. Стартовый пакет каждого пользователя становится \`requests\` из \`requests\` ` +
        `(по умолчанию ${QUOTAS.startRequests}), бессрочным; у кого его нет — появляется. Ответ: {users} — сколько ` +
        `пользователей.`,
      ...secured,
      responses: {
        200: jsonOf("{users}: сколько пользователей получили пакет", z.strictObject({ users: z.int().min(0) })),
        403: { description: "Недостаточно прав" },
        422: { description: 'Нет target: "all" или неверное число запросов' },
      },
    }),
    requireAdmin,
    jsonObjectBody,
    validate("json", z.object({ target: allTarget, requests: requestCount.default(QUOTAS.startRequests) })),
    async (c) => c.json(await setStartPackForAll(getDb(c.env.DB), c.req.valid("json").requests), 200),
  );
