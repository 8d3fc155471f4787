import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireUser } from "../../accounts/middleware/auth";
import {
  companyForManager,
  companyView,
  createCompany,
  deleteCompany,
  listCompanies,
  renameCompany,
  updateEmployee,
} from "../services/companies";
import { inviteEmployee } from "../services/company-invitations";
import { enforceRateLimits } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { missingOr, typedEmail, wholeNumber } from "../../http/fields";
import { pathId } from "../../http/params";
import { companyInvitationRoutes, invitationShape } from "./company-invitations";
import { jsonOf, secured } from "../../http/openapi";
import { companySchema, employeeSchema, invitationSchema } from "../schemas";
import { paymentSchema } from "../../billing/schemas";
import { listCompanyPayments, publicPayment } from "../../billing/services/payments";
import { logEvent } from "../../http/log";

const companyName = z
  .string(missingOr("Укажите название компании", "Название компании должно быть строкой"))
  .trim()
  .min(1, { error: "Название компании не может быть пустым" })
  .max(100, { error: "Название компании должно быть не длиннее 100 символов" });
const allowance = wholeNumber("Лимит сотрудника")
  .min(0, { error: "Лимит сотрудника не может быть отрицательным" })
  .max(1_000_000, { error: "Лимит сотрудника — не больше 1000000" });
const employeeRole = z.enum(["admin", "member"], { error: "Роль сотрудника: admin или member" });

const newEmployee = z.object({
  email: typedEmail(z.string({ error: "Укажите e-mail" })),
  role: employeeRole.default("member"),
  allowance: allowance.nullable().default(null),
});
// Query values are text: an empty allowance or "null" lifts the cap.
const employeeChange = z.object({
  role: employeeRole.optional(),
  allowance: z
    .union([
      z.literal("").transform(() => null),
      z.literal("null").transform(() => null),
      z.coerce.number({ error: "Лимит сотрудника должен быть числом" }).pipe(allowance),
    ])
    .optional(),
  remove: z
    .enum(["true", "false"], { error: "remove: true или false" })
    .transform((v) => v === "true")
    .optional(),
});

const companyParams = z.object({ companyId: pathId });
const notFound = { 404: { description: "Компания не найдена (или вы не её владелец/администратор)" } };
const companyShape = "Company {id, name, owner_id, created_at, my_role, limits, employees, invitations}";

export const companies = new Hono<AppEnv>()
  .route("/", companyInvitationRoutes)
  .post(
    "/",
    describeRoute({
      tags: ["companies"],
      summary: "Создать компанию (вы — владелец)",
      ...secured,
      responses: { 201: jsonOf(companyShape, companySchema), 422: { description: "Неверное название" } },
    }),
    requireUser,
    validate("json", z.object({ name: companyName })),
    async (c) => {
      const db = getDb(c.env.DB);
      return c.json(await companyView(db, await createCompany(db, c.var.userId, c.req.valid("json").name)), 201);
    },
  )
  .get(
    "/",
    describeRoute({
      tags: ["companies"],
      summary: "Мои компании",
      ...secured,
      responses: { 200: jsonOf(`${companyShape}[]`, z.array(companySchema)) },
    }),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      const mine = await listCompanies(db, c.var.userId);
      return c.json(await Promise.all(mine.map((access) => companyView(db, access))), 200);
    },
  )
  .get(
    "/:companyId",
    describeRoute({
      tags: ["companies"],
      summary: "Компания (владелец и администраторы)",
      ...secured,
      responses: { 200: jsonOf(companyShape, companySchema), ...notFound },
    }),
    validate("param", companyParams),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      return c.json(
        await companyView(db, await companyForManager(db, c.var.userId, c.req.valid("param").companyId)),
        200,
      );
    },
  )
  .patch(
    "/:companyId",
    describeRoute({
      tags: ["companies"],
      summary: "Переименовать компанию",
      ...secured,
      responses: { 200: jsonOf(companyShape, companySchema), ...notFound, 422: { description: "Неверное название" } },
    }),
    validate("param", companyParams),
    requireUser,
    validate("json", z.object({ name: companyName })),
    async (c) => {
      const db = getDb(c.env.DB);
      const access = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      const company = await renameCompany(db, access.company.id, c.req.valid("json").name);
      return c.json(await companyView(db, { company, myRole: access.myRole }), 200);
    },
  )
  .delete(
    "/:companyId",
    describeRoute({
      tags: ["companies"],
      summary: "Удалить компанию (только владелец)",
      ...secured,
      responses: { 204: { description: "Удалена вместе с пулом запросов" }, ...notFound },
    }),
    validate("param", companyParams),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId, true);
      await deleteCompany(db, company.id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:companyId/employees",
    describeRoute({
      tags: ["companies"],
      summary: "Пригласить сотрудника по e-mail",
      description:
        "Всегда приглашение, есть ли у адреса аккаунт или нет, и всегда один и тот же ответ (201 Invitation): ни " +
        "id, ни имени. Уходит письмо со ссылкой, у существующего аккаунта — ещё и уведомление в приложении; " +
        "сотрудником человек становится, только приняв приглашение. Повторное приглашение того же адреса — снова " +
        "ожидает ответа, с новой ссылкой. Не больше 30 приглашений в час от одного приглашающего и 50 в час на компанию (429).",
      ...secured,
      responses: {
        201: jsonOf(invitationShape, invitationSchema),
        ...notFound,
        409: { description: "Уже сотрудник" },
        422: { description: "Неверные данные" },
        429: { description: "Слишком много приглашений" },
      },
    }),
    validate("param", companyParams),
    requireUser,
    validate("json", newEmployee),
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      await enforceRateLimits(db, c.env, [
        ["invitationsPerInviter", String(c.var.userId)],
        ["invitationsPerCompany", String(company.id)],
      ]);
      const { invitation, deliver } = await inviteEmployee(c.env, db, company, c.var.userId, c.req.valid("json"));
      c.executionCtx.waitUntil(
        deliver().catch((err) =>
          logEvent("error", "invitation delivery failed", { invitation_id: invitation.id, err }),
        ),
      );
      return c.json(invitation, 201);
    },
  )
  .patch(
    "/:companyId/:employeeId",
    describeRoute({
      tags: ["companies"],
      summary: "Роль, лимит или удаление сотрудника (?role=&allowance=&remove=true)",
      description:
        "`allowance` пустой или `null` — без ограничения. Владельца нельзя удалить или сменить ему роль (403).",
      ...secured,
      responses: {
        200: jsonOf("Employee", employeeSchema),
        204: { description: "Удалён" },
        403: { description: "Владелец неизменен" },
        ...notFound,
        422: { description: "Неверные параметры" },
      },
    }),
    validate("param", z.object({ companyId: pathId, employeeId: pathId })),
    requireUser,
    validate("query", employeeChange),
    async (c) => {
      const db = getDb(c.env.DB);
      const { companyId, employeeId } = c.req.valid("param");
      const { company } = await companyForManager(db, c.var.userId, companyId);
      const employee = await updateEmployee(db, company.id, employeeId, c.req.valid("query"));
      return employee ? c.json(employee, 200) : c.body(null, 204);
    },
  )
  .get(
    "/:companyId/payments",
    describeRoute({
      tags: ["companies"],
      summary: "Покупки компании (владелец и администраторы)",
      description: "Payment[] тарифов, купленных в пул компании, новые первыми (до 100).",
      ...secured,
      responses: { 200: jsonOf("Payment[]", z.array(paymentSchema)), ...notFound },
    }),
    validate("param", companyParams),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      return c.json(
        (await listCompanyPayments(db, company.id)).map((p) => publicPayment(c.env, p)),
        200,
      );
    },
  );
