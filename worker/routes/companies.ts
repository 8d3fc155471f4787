import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/auth";
import {
  addEmployee,
  companyForManager,
  companyView,
  createCompany,
  deleteCompany,
  listCompanies,
  renameCompany,
  updateEmployee,
} from "../services/companies";
import { validate } from "../validate";
import { pathId } from "./topics";

const companyName = z
  .string({ error: (issue) => (issue.input === undefined ? "Укажите название компании" : "Название компании должно быть строкой") })
  .trim()
  .min(1, { error: "Название компании не может быть пустым" })
  .max(100, { error: "Название компании должно быть не длиннее 100 символов" });
const allowance = z
  .number({ error: "Лимит сотрудника должен быть числом" })
  .int({ error: "Лимит сотрудника должен быть целым числом" })
  .min(0, { error: "Лимит сотрудника не может быть отрицательным" })
  .max(1_000_000, { error: "Лимит сотрудника — не больше 1000000" });
const employeeRole = z.enum(["admin", "member"], { error: "Роль сотрудника: admin или member" });

const newEmployee = z.object({
  email: z.string({ error: "Укажите e-mail" }).trim().toLowerCase().pipe(z.email({ error: "Некорректный e-mail" })),
  role: employeeRole.default("member"),
  allowance: allowance.nullable().default(null),
});
// Query values are text: an empty allowance or "null" lifts the cap.
const employeeChange = z.object({
  role: employeeRole.optional(),
  allowance: z
    .union([z.literal("").transform(() => null), z.literal("null").transform(() => null), z.coerce.number({ error: "Лимит сотрудника должен быть числом" }).pipe(allowance)])
    .optional(),
  remove: z.enum(["true", "false"], { error: "remove: true или false" }).transform((v) => v === "true").optional(),
});

const companyParams = z.object({ companyId: pathId });
const secured = { security: [{ jwt: [] }] };
const notFound = { 404: { description: "Компания не найдена (или вы не её владелец/администратор)" } };
const companyShape = "Company {id, name, owner_id, created_at, my_role, limits, employees, invitations}";

export const companies = new Hono<AppEnv>()
  .post(
    "/",
    describeRoute({ tags: ["companies"], summary: "Создать компанию (вы — владелец)", ...secured, responses: { 201: { description: companyShape }, 422: { description: "Неверное название" } } }),
    requireUser,
    validate("json", z.object({ name: companyName })),
    async (c) => {
      const db = getDb(c.env.DB);
      return c.json(await companyView(db, await createCompany(db, c.var.userId, c.req.valid("json").name)), 201);
    },
  )
  .get(
    "/",
    describeRoute({ tags: ["companies"], summary: "Мои компании", ...secured, responses: { 200: { description: `${companyShape}[]` } } }),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      const mine = await listCompanies(db, c.var.userId);
      return c.json(await Promise.all(mine.map((access) => companyView(db, access))), 200);
    },
  )
  .get(
    "/:companyId{[0-9]+}",
    describeRoute({ tags: ["companies"], summary: "Компания (владелец и администраторы)", ...secured, responses: { 200: { description: companyShape }, ...notFound } }),
    requireUser,
    validate("param", companyParams),
    async (c) => {
      const db = getDb(c.env.DB);
      return c.json(await companyView(db, await companyForManager(db, c.var.userId, c.req.valid("param").companyId)), 200);
    },
  )
  .patch(
    "/:companyId{[0-9]+}",
    describeRoute({ tags: ["companies"], summary: "Переименовать компанию", ...secured, responses: { 200: { description: companyShape }, ...notFound, 422: { description: "Неверное название" } } }),
    requireUser,
    validate("param", companyParams),
    validate("json", z.object({ name: companyName })),
    async (c) => {
      const db = getDb(c.env.DB);
      const access = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      const company = await renameCompany(db, access.company.id, c.req.valid("json").name);
      return c.json(await companyView(db, { company, myRole: access.myRole }), 200);
    },
  )
  .delete(
    "/:companyId{[0-9]+}",
    describeRoute({ tags: ["companies"], summary: "Удалить компанию (только владелец)", ...secured, responses: { 204: { description: "Удалена вместе с пулом запросов" }, ...notFound } }),
    requireUser,
    validate("param", companyParams),
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId, true);
      await deleteCompany(db, company.id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:companyId{[0-9]+}/employees",
    describeRoute({
      tags: ["companies"],
      summary: "Добавить сотрудника по e-mail",
      description: "Есть аккаунт — 201 и Employee; нет — 202 и {invitation}: уходит письмо-приглашение, человек станет сотрудником при регистрации.",
      ...secured,
      responses: { 201: { description: "Employee" }, 202: { description: "{invitation}" }, ...notFound, 409: { description: "Уже сотрудник" }, 422: { description: "Неверные данные" } },
    }),
    requireUser,
    validate("param", companyParams),
    validate("json", newEmployee),
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      const added = await addEmployee(c.env, db, company, c.req.valid("json"));
      return "employee" in added ? c.json(added.employee, 201) : c.json(added, 202);
    },
  )
  .patch(
    "/:companyId{[0-9]+}/:employeeId{[0-9]+}",
    describeRoute({
      tags: ["companies"],
      summary: "Роль, лимит или удаление сотрудника (?role=&allowance=&remove=true)",
      description: "`allowance` пустой или `null` — без ограничения. Владельца нельзя удалить или сменить ему роль (403).",
      ...secured,
      responses: { 200: { description: "Employee" }, 204: { description: "Удалён" }, 403: { description: "Владелец неизменен" }, ...notFound, 422: { description: "Неверные параметры" } },
    }),
    requireUser,
    validate("param", z.object({ companyId: pathId, employeeId: pathId })),
    validate("query", employeeChange),
    async (c) => {
      const db = getDb(c.env.DB);
      const { companyId, employeeId } = c.req.valid("param");
      const { company } = await companyForManager(db, c.var.userId, companyId);
      const employee = await updateEmployee(db, company.id, employeeId, c.req.valid("query"));
      return employee ? c.json(employee, 200) : c.body(null, 204);
    },
  );
