import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag, missingOr } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import { parsePrice, PRICE_TEXTS } from "../payments/money";
import { createPlan, deletePlan, findPlan, listPlans, publicPlan, updatePlan, type PlanInput } from "../services/plans";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { jsonOf, secured } from "../../http/openapi";
import { planSchema } from "../schemas";

const name = z
  .string(missingOr("Укажите название тарифа", "Название тарифа должно быть строкой"))
  .trim()
  .min(1, { error: "Название тарифа не может быть пустым" })
  .max(100, { error: "Название тарифа должно быть не длиннее 100 символов" })
  .refine((text) => !/[\r\n\u2028\u2029]/.test(text), { error: "Название тарифа должно быть в одну строку" });
// Rubles as a JSON number (or a decimal string) with at most 2 decimals; read exactly by parsePrice.
const price = z
  .union([z.number(), z.string()], missingOr("Укажите цену тарифа", PRICE_TEXTS.notANumber))
  .superRefine((value, ctx) => {
    const parsed = parsePrice(value);
    if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error });
  });
const dayGap = z
  .number(missingOr("Укажите срок тарифа в днях", "Срок тарифа указывается числом дней"))
  .int({ error: "Срок тарифа указывается целым числом дней" })
  .min(1, { error: "Срок тарифа — не меньше 1 дня" })
  .max(3650, { error: "Срок тарифа — не больше 3650 дней" });
const requestsLimit = z
  .number({ error: "Число запросов указывается целым числом" })
  .int({ error: "Число запросов указывается целым числом" })
  .min(0, { error: "Число запросов не может быть отрицательным" })
  .max(1_000_000, { error: "Число запросов — не больше 1 000 000" });

const createBody = z.object({
  name,
  price,
  day_gap: dayGap,
  requests_limit: requestsLimit.default(0),
  is_unlimited: flag("is_unlimited").default(false),
  is_visible: flag("is_visible").default(true),
});
const updateBody = z
  .object({
    name: name.optional(),
    price: price.optional(),
    day_gap: dayGap.optional(),
    requests_limit: requestsLimit.optional(),
    is_unlimited: flag("is_unlimited").optional(),
    is_visible: flag("is_visible").optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: "Укажите хотя бы одно поле тарифа" });

type PlanBody = Partial<z.infer<typeof createBody>>;

/** The body's snake_case fields as the service's input (only the ones given). */
function planInput(body: PlanBody): Partial<PlanInput> {
  const input: Partial<PlanInput> = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.price !== undefined) input.priceKopecks = (parsePrice(body.price) as { kopecks: number }).kopecks;
  if (body.day_gap !== undefined) input.dayGap = body.day_gap;
  if (body.requests_limit !== undefined) input.requestsLimit = body.requests_limit;
  if (body.is_unlimited !== undefined) input.isUnlimited = body.is_unlimited;
  if (body.is_visible !== undefined) input.isVisible = body.is_visible;
  return input;
}

const idParams = z.object({ id: pathId });
const adminOnly = { 403: { description: "Только для администраторов" } };
const notFound = { 404: { description: "Тариф не найден (скрытый — для пользователей)" } };

export const subscriptions = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["subscriptions"],
      summary: "Тарифы",
      description:
        "Plan[] от дешёвого к дорогому: видимые для пользователей, все для администраторов. `price` — рубли, до 2 " +
        "знаков после точки.",
      ...secured,
      responses: { 200: jsonOf("Plan[]", z.array(planSchema)) },
    }),
    requireUser,
    async (c) => c.json((await listPlans(getDb(c.env.DB), { all: c.var.role === "admin" })).map(publicPlan), 200),
  )
  .get(
    "/:id",
    describeRoute({
      tags: ["subscriptions"],
      summary: "Тариф",
      ...secured,
      responses: { 200: jsonOf("Plan", planSchema), ...notFound },
    }),
    validate("param", idParams),
    requireUser,
    async (c) =>
      c.json(
        publicPlan(await findPlan(getDb(c.env.DB), c.req.valid("param").id, { all: c.var.role === "admin" })),
        200,
      ),
  )
  .post(
    "/",
    describeRoute({
      tags: ["subscriptions"],
      summary: "Создать тариф (админ)",
      description:
        "`{name, price, day_gap, requests_limit, is_unlimited?, is_visible?}`; у безлимитного тарифа " +
        "`requests_limit` не важен.",
      ...secured,
      responses: { 201: jsonOf("Plan", planSchema), ...adminOnly, 422: { description: "Неверные поля" } },
    }),
    requireAdmin,
    validate("json", createBody),
    async (c) =>
      c.json(publicPlan(await createPlan(getDb(c.env.DB), planInput(c.req.valid("json")) as PlanInput)), 201),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["subscriptions"],
      summary: "Изменить тариф (админ)",
      description: "Меняет переданные поля. Уже оплаченные пакеты не меняются.",
      ...secured,
      responses: { 200: jsonOf("Plan", planSchema), ...adminOnly, ...notFound, 422: { description: "Неверные поля" } },
    }),
    validate("param", idParams),
    requireAdmin,
    validate("json", updateBody),
    async (c) =>
      c.json(
        publicPlan(await updatePlan(getDb(c.env.DB), c.req.valid("param").id, planInput(c.req.valid("json")))),
        200,
      ),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["subscriptions"],
      summary: "Удалить тариф (админ)",
      description:
        "204, если тариф никто не оплачивал и его не выдаёт промокод; иначе тариф скрывается: 200 и Plan с " +
        "`is_visible: false`.",
      ...secured,
      responses: { 200: jsonOf("Plan (скрыт)", planSchema), 204: { description: "Удалён" }, ...adminOnly, ...notFound },
    }),
    validate("param", idParams),
    requireAdmin,
    async (c) => {
      const hidden = await deletePlan(getDb(c.env.DB), c.req.valid("param").id);
      return hidden ? c.json(publicPlan(hidden), 200) : c.body(null, 204);
    },
  );
