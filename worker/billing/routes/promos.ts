import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag, missingOr } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import {
  createPromo,
  findPromo,
  listPromos,
  publicPromo,
  updatePromo,
  usePromo,
  type PromoFields,
} from "../services/promos";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { jsonOf, secured } from "../../http/openapi";
import { limitsSchema, promoSchema } from "../schemas";

const NAME_MAX = 64;
const name = z
  .string(missingOr("Укажите промокод (name)", "Промокод должен быть строкой"))
  .trim()
  .min(1, { error: "Промокод не может быть пустым" })
  .max(NAME_MAX, { error: `Промокод должен быть не длиннее ${NAME_MAX} символов` })
  .regex(/^[\p{L}\p{N}_-]+$/u, { error: "Промокод: буквы, цифры, дефис и подчёркивание, без пробелов" });
const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} должно быть числом` })
    .int({ error: `${field} должно быть целым числом` })
    .min(min, { error: `${field} — не меньше ${min}` })
    .max(max, { error: `${field} — не больше ${max}` });
const fields = {
  name,
  requests: int("requests", 1, 1_000_000).nullable(),
  subscription_id: int("subscription_id", 1, Number.MAX_SAFE_INTEGER).nullable(),
  day_gap: int("day_gap", 1, 3650).nullable(),
  max_uses: int("max_uses", 1, 1_000_000_000),
  expires_at: z.iso
    .datetime({ offset: true, error: "expires_at — дата и время ISO 8601, например 2026-12-31T23:59:59+03:00" })
    .nullable(),
  active: flag("active"),
};
const createBody = z.object({
  ...fields,
  requests: fields.requests.default(null),
  subscription_id: fields.subscription_id.default(null),
  day_gap: fields.day_gap.default(null),
  expires_at: fields.expires_at.default(null),
  active: fields.active.default(true),
});
const updateBody = z.object(fields).partial();

type Body = Partial<z.infer<typeof updateBody>>;
function toFields(body: Body): Partial<PromoFields> {
  const out: Partial<PromoFields> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.requests !== undefined) out.requests = body.requests;
  if (body.subscription_id !== undefined) out.subscriptionId = body.subscription_id;
  if (body.day_gap !== undefined) out.dayGap = body.day_gap;
  if (body.max_uses !== undefined) out.maxUses = body.max_uses;
  if (body.expires_at !== undefined) out.expiresAt = body.expires_at === null ? null : Date.parse(body.expires_at);
  if (body.active !== undefined) out.active = body.active;
  return out;
}

const promoShape = "Promo {id, name, requests, subscription_id, day_gap, max_uses, uses, expires_at, active}";
const adminOnly = { 403: { description: "Недостаточно прав" } };

export const promos = new Hono<AppEnv>()
  .post(
    "/use/:name",
    describeRoute({
      tags: ["promos"],
      summary: "Активировать промокод",
      description:
        "Без учёта регистра. Даёт запросы (на day_gap дней или бессрочно) или тариф (его запросы или безлимит на " +
        "day_gap промокода, иначе тарифа). Ответ: Limits пользователя.",
      ...secured,
      responses: {
        200: jsonOf("{available_requests, is_unlimited, limits: [...]}", limitsSchema),
        404: { description: "Промокод не найден (нет, выключен или истёк)" },
        409: { description: "Вы уже активировали этот промокод / Промокод больше не действует" },
      },
    }),
    requireUser,
    validate("param", z.object({ name: z.string() })),
    async (c) => c.json(await usePromo(getDb(c.env.DB), c.var.userId, c.req.valid("param").name), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["admin"],
      summary: "Создать промокод (только администратор)",
      description: "Код хранится в верхнем регистре. Ровно одно из requests и subscription_id.",
      ...secured,
      responses: {
        201: jsonOf(promoShape, promoSchema),
        ...adminOnly,
        409: { description: "Промокод с таким названием уже существует" },
        422: { description: "Неверные данные" },
      },
    }),
    requireAdmin,
    validate("json", createBody),
    async (c) =>
      c.json(publicPromo(await createPromo(getDb(c.env.DB), toFields(c.req.valid("json")) as PromoFields)), 201),
  )
  .get(
    "/",
    describeRoute({
      tags: ["admin"],
      summary: "Промокоды, новые первыми (только администратор)",
      ...secured,
      responses: { 200: jsonOf(`${promoShape}[]`, z.array(promoSchema)), ...adminOnly },
    }),
    requireAdmin,
    async (c) => c.json((await listPromos(getDb(c.env.DB))).map(publicPromo), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["admin"],
      summary: "Промокод (только администратор)",
      ...secured,
      responses: { 200: jsonOf(promoShape, promoSchema), ...adminOnly, 404: { description: "Промокод не найден" } },
    }),
    validate("param", z.object({ id: pathId })),
    requireAdmin,
    async (c) => c.json(publicPromo(await findPromo(getDb(c.env.DB), c.req.valid("param").id)), 200),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["admin"],
      summary: "Изменить промокод (только администратор)",
      description: "Меняются только переданные поля; null очищает необязательное.",
      ...secured,
      responses: {
        200: jsonOf(promoShape, promoSchema),
        ...adminOnly,
        404: { description: "Промокод не найден" },
        409: { description: "Промокод с таким названием уже существует" },
        422: { description: "Неверные данные" },
      },
    }),
    validate("param", z.object({ id: pathId })),
    requireAdmin,
    validate("json", updateBody),
    async (c) =>
      c.json(
        publicPromo(await updatePromo(getDb(c.env.DB), c.req.valid("param").id, toFields(c.req.valid("json")))),
        200,
      ),
  );
