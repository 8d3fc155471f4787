import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag, missingOr } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import {
  activeProducts,
  adminProduct,
  allProducts,
  createProduct,
  deleteProduct,
  findProductById,
  publicProduct,
  updateProduct,
  type ProductInput,
} from "../services/products";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { anonymous, jsonOf, secured } from "../../http/openapi";
import { adminProductSchema, productSchema } from "../schemas";

const text = (what: string, max: number) =>
  z
    .string(missingOr(`Укажите ${what}`, `${what}: строка`))
    .trim()
    .min(1, { error: `${what}: не может быть пустым` })
    .max(max, { error: `${what}: не длиннее ${max} символов` });

const assistantType = z.string({ error: "Укажите assistant_type" }).regex(/^[a-z][a-z0-9_]{1,63}$/, {
  error: "assistant_type: латинские строчные буквы, цифры и «_», от 2 до 64 символов, первой — буква",
});
// `default` and `vision` are the provider's models (docs/ai.md); anything else is a model id, sent as a header.
const model = z
  .string({ error: "model: строка" })
  .regex(/^[\x21-\x7e]{1,200}$/, { error: "model: default, vision или идентификатор модели латиницей без пробелов" });
const active = flag("active");
// null goes back to the default name, "Ясно · <title>".
const modelTitle = text("название модели для пользователей", 60).nullable();

const fields = {
  title: text("название режима", 100),
  description: text("описание режима", 1000),
  system_prompt: text("системный промпт", 20_000),
};
const createBody = z.object({
  assistant_type: assistantType,
  ...fields,
  model: model.default("default"),
  model_title: modelTitle.optional(),
  active: active.default(true),
});
const updateBody = z
  .object({
    assistant_type: z
      .undefined({ error: "assistant_type режима не меняется: на него ссылаются чаты и папки" })
      .optional(),
    title: fields.title.optional(),
    description: fields.description.optional(),
    system_prompt: fields.system_prompt.optional(),
    model: model.optional(),
    model_title: modelTitle.optional(),
    active: active.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: "Укажите хотя бы одно поле режима" });

function productInput(body: Partial<z.infer<typeof createBody>>): Partial<ProductInput> {
  const input: Partial<ProductInput> = {};
  if (body.assistant_type !== undefined) input.assistantType = body.assistant_type;
  if (body.title !== undefined) input.title = body.title;
  if (body.description !== undefined) input.description = body.description;
  if (body.system_prompt !== undefined) input.systemPrompt = body.system_prompt;
  if (body.model !== undefined) input.model = body.model;
  if (body.model_title !== undefined) input.modelTitle = body.model_title;
  if (body.active !== undefined) input.active = body.active;
  return input;
}

/** A token is optional here, but one that is sent must be valid: it only adds what admins see. */
const optionalUser = createMiddleware<AppEnv>(async (c, next) =>
  c.req.header("jwt-token") ? requireUser(c, next) : next(),
);

const idParams = z.object({ id: pathId });
const adminOnly = { 403: { description: "Только для администраторов" } };
const notFound = { 404: { description: "Режим не найден (неактивный — для всех, кроме администраторов)" } };

export const products = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      ...anonymous,
      tags: ["products"],
      summary: "Режимы ассистента",
      description:
        "Активные режимы: id, assistant_type, title, description, model, model_title (что пользователи видят под " +
        "ответом), active. Без авторизации. `?all=true` (только администраторам): все режимы, с system_prompt.",
      responses: {
        200: jsonOf("Product[]", z.union([z.array(productSchema), z.array(adminProductSchema)])),
        ...adminOnly,
      },
    }),
    // `all` is read by hand, not validated: a query validator would make the web client's
    // argument-less `api.products.$get()` require one.
    async (c, next) => (c.req.query("all") === "true" ? requireAdmin(c, next) : next()),
    async (c) => {
      const db = getDb(c.env.DB);
      if (c.req.query("all") === "true") return c.json((await allProducts(db)).map(adminProduct), 200);
      return c.json((await activeProducts(db)).map(publicProduct), 200);
    },
  )
  .get(
    "/:id",
    describeRoute({
      ...anonymous,
      tags: ["products"],
      summary: "Режим",
      description: "Без авторизации — активный режим; администратору — любой, с system_prompt.",
      responses: { 200: jsonOf("Product", z.union([productSchema, adminProductSchema])), ...notFound },
    }),
    validate("param", idParams),
    optionalUser,
    async (c) => {
      const admin = c.get("role") === "admin";
      const product = await findProductById(getDb(c.env.DB), c.req.valid("param").id, { all: admin });
      return c.json(admin ? adminProduct(product) : publicProduct(product), 200);
    },
  )
  .post(
    "/",
    describeRoute({
      tags: ["products"],
      summary: "Создать режим (админ)",
      description: "`{assistant_type, title, description, system_prompt, model?, model_title?, active?}`.",
      ...secured,
      responses: {
        201: jsonOf("Product с system_prompt", adminProductSchema),
        ...adminOnly,
        409: { description: "Такой assistant_type уже есть" },
        422: { description: "Неверные поля" },
      },
    }),
    requireAdmin,
    validate("json", createBody),
    async (c) =>
      c.json(
        adminProduct(await createProduct(getDb(c.env.DB), productInput(c.req.valid("json")) as ProductInput)),
        201,
      ),
  )
  .put(
    "/:id",
    describeRoute({
      tags: ["products"],
      summary: "Изменить режим (админ)",
      description:
        "Меняет переданные поля, кроме assistant_type. Чат читает режим при каждом сообщении: новый промпт " +
        "действует со следующего.",
      ...secured,
      responses: {
        200: jsonOf("Product с system_prompt", adminProductSchema),
        ...adminOnly,
        ...notFound,
        422: { description: "Неверные поля" },
      },
    }),
    validate("param", idParams),
    requireAdmin,
    validate("json", updateBody),
    async (c) =>
      c.json(
        adminProduct(await updateProduct(getDb(c.env.DB), c.req.valid("param").id, productInput(c.req.valid("json")))),
        200,
      ),
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["products"],
      summary: "Удалить режим (админ)",
      description: "204, если в режиме нет чатов и папок; иначе режим выключается (active: false): 200 и Product.",
      ...secured,
      responses: {
        200: jsonOf("Product (выключен)", adminProductSchema),
        204: { description: "Удалён" },
        ...adminOnly,
        ...notFound,
      },
    }),
    validate("param", idParams),
    requireAdmin,
    async (c) => {
      const deactivated = await deleteProduct(getDb(c.env.DB), c.req.valid("param").id);
      return deactivated ? c.json(adminProduct(deactivated), 200) : c.body(null, 204);
    },
  );
