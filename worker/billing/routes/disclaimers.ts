import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import { acceptDisclaimer, bumpDisclaimers, listDisclaimers } from "../services/disclaimers";
import { ASSISTANT_TYPES } from "../../settings";
import { validate } from "../../http/validate";
import { wholeNumber } from "../../http/fields";
import { allTarget, jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { disclaimerSchema } from "../schemas";

const TEXT_MAX = 10_000;
const assistantType = z.enum(ASSISTANT_TYPES, {
  error: "Неизвестный режим: explain_law, gpt, explain_estate или explain_img",
});
const version = wholeNumber("version", "должна").positive({ error: "Некорректная версия" });
/** The version of the terms the user read; the bots' API takes the same (operations/routes/internal). */
export const disclaimerAcceptBody = z.object({ version: version.optional() });
const setForAllBody = z
  .object({
    target: allTarget,
    assistant_type: assistantType.optional(),
    text: z
      .string({ error: "Текст условий должен быть строкой" })
      .trim()
      .min(1, { error: "Текст условий не может быть пустым" })
      .max(TEXT_MAX, { error: `Текст условий должен быть не длиннее ${TEXT_MAX} символов` })
      .optional(),
  })
  .refine((b) => b.text === undefined || b.assistant_type !== undefined, {
    error: "Новый текст задаётся для одного режима: укажите assistant_type",
    path: ["assistant_type"],
  });

const disclaimerShape = "{assistant_type, text, version, accepted}";

export const disclaimers = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["disclaimers"],
      summary: "Условия использования режимов",
      description:
        "Режимы, перед первым сообщением в которых нужно принять условия; `accepted` — принята ли текущая версия.",
      ...secured,
      responses: { 200: jsonOf(`${disclaimerShape}[]`, z.array(disclaimerSchema)) },
    }),
    requireUser,
    async (c) => c.json(await listDisclaimers(getDb(c.env.DB), c.var.userId), 200),
  )
  .post(
    "/set_for_all",
    describeRoute({
      tags: ["admin"],
      summary: "Новая версия условий: все принимают заново (только администратор)",
      description:
        'Тело всегда с `target: "all"` (все пользователи примут условия заново; пустое тело, не JSON или `{}` — ' +
        "422). Только с ним — новая версия условий всех режимов; с `assistant_type` — этого режима; с `text` — ещё " +
        "и новый текст (режим без условий их получает).",
      ...secured,
      responses: {
        200: jsonOf(`${disclaimerShape}[]`, z.array(disclaimerSchema)),
        403: { description: "Недостаточно прав" },
        422: { description: "Неверные данные" },
      },
    }),
    requireAdmin,
    jsonObjectBody,
    validate("json", setForAllBody),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(
        await bumpDisclaimers(getDb(c.env.DB), c.var.userId, { assistantType: body.assistant_type, text: body.text }),
        200,
      );
    },
  )
  .post(
    "/:assistantType/accept",
    describeRoute({
      tags: ["disclaimers"],
      summary: "Принять условия режима",
      description:
        "Принимает текущую версию. С `{version}` (показанной пользователю) — 409, если условия с тех пор изменились.",
      ...secured,
      responses: {
        200: jsonOf(disclaimerShape, disclaimerSchema),
        404: { description: "У режима нет условий" },
        409: { description: "Условия изменились: прочитайте их ещё раз" },
      },
    }),
    requireUser,
    validate("param", z.object({ assistantType: z.string() })),
    validate("json", disclaimerAcceptBody),
    async (c) => {
      const result = await acceptDisclaimer(
        getDb(c.env.DB),
        c.var.userId,
        c.req.valid("param").assistantType,
        c.req.valid("json").version,
      );
      return c.json(result, 200);
    },
  );
