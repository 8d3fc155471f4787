import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { pathId } from "../../http/params";
import { requireAccount, requireUser } from "../../accounts/middleware/auth";
import { companyForManager, companyForMember, companyView } from "../services/companies";
import {
  acceptInvitation,
  declineInvitation,
  listCompanyInvitations,
  myInvitations,
  withdrawInvitation,
  type InvitationRef,
} from "../services/company-invitations";
import { validate } from "../../http/validate";
import { jsonOf, secured } from "../../http/openapi";
import { companySchema, invitationSchema, myInvitationSchema } from "../schemas";

export const invitationShape =
  "Invitation {id, email, role, allowance, status: pending|accepted|declined, created_at, responded_at}";
const myInvitationShape = "[{id, company: {id, name}, role, allowance, created_at}]";
const invitationNotFound = {
  404: { description: "Приглашение не найдено (или оно не вам, или на него уже ответили)" },
};

const invitationParams = z.object({ invitationId: pathId });
const tokenBody = z.object({
  token: z
    .string({ error: "Укажите token из ссылки" })
    .trim()
    .min(1, { error: "Укажите token из ссылки" })
    .max(200, { error: "Некорректная ссылка" }),
});

/**
 * Invitations: the invitee's side under `/companies/invitations/`, the managers' under
 * `/companies/{companyId}/invitations/`. Mounted into the companies sub-app.
 */
export const companyInvitationRoutes = new Hono<AppEnv>()
  .get(
    "/invitations",
    describeRoute({
      tags: ["companies"],
      summary: "Мои приглашения в компании (ожидающие ответа)",
      description: "Приглашения на e-mail вошедшего пользователя, старые первыми.",
      ...secured,
      responses: {
        200: jsonOf(myInvitationShape, z.array(myInvitationSchema)),
        401: { description: "Нет или неверный токен" },
      },
    }),
    requireAccount,
    async (c) => c.json(await myInvitations(getDb(c.env.DB), c.var.account), 200),
  )
  .post(
    "/invitations/accept",
    describeRoute({
      tags: ["companies"],
      summary: "Принять приглашение по ссылке из письма",
      description:
        "`{token}` из ссылки `/invitations/<token>`. Только вошедший с тем e-mail, на который пришло приглашение; " +
        "иначе — 404. Ответ: Company.",
      ...secured,
      responses: { 200: jsonOf("Company", companySchema), ...invitationNotFound, 422: { description: "Нет token" } },
    }),
    requireAccount,
    validate("json", tokenBody),
    async (c) =>
      accept(c.env.DB, c.var.account, { token: c.req.valid("json").token }).then((company) => c.json(company, 200)),
  )
  .post(
    "/invitations/decline",
    describeRoute({
      tags: ["companies"],
      summary: "Отклонить приглашение по ссылке из письма",
      description: "`{token}` из ссылки. Только вошедший с тем e-mail, на который пришло приглашение; иначе — 404.",
      ...secured,
      responses: { 204: { description: "Отклонено" }, ...invitationNotFound, 422: { description: "Нет token" } },
    }),
    requireAccount,
    validate("json", tokenBody),
    async (c) => {
      await declineInvitation(getDb(c.env.DB), c.var.account, { token: c.req.valid("json").token });
      return c.body(null, 204);
    },
  )
  .post(
    "/invitations/:invitationId/accept",
    describeRoute({
      tags: ["companies"],
      summary: "Принять приглашение",
      description:
        "Только приглашённый (по e-mail вошедшего пользователя); кто угодно другой — 404. Ответ: Company, где вы " +
        "теперь сотрудник.",
      ...secured,
      responses: { 200: jsonOf("Company", companySchema), ...invitationNotFound },
    }),
    validate("param", invitationParams),
    requireAccount,
    async (c) =>
      accept(c.env.DB, c.var.account, { id: c.req.valid("param").invitationId }).then((company) =>
        c.json(company, 200),
      ),
  )
  .post(
    "/invitations/:invitationId/decline",
    describeRoute({
      tags: ["companies"],
      summary: "Отклонить приглашение",
      description: "Только приглашённый (по e-mail вошедшего пользователя); кто угодно другой — 404.",
      ...secured,
      responses: { 204: { description: "Отклонено" }, ...invitationNotFound },
    }),
    validate("param", invitationParams),
    requireAccount,
    async (c) => {
      await declineInvitation(getDb(c.env.DB), c.var.account, { id: c.req.valid("param").invitationId });
      return c.body(null, 204);
    },
  )
  .get(
    "/:companyId/invitations",
    describeRoute({
      tags: ["companies"],
      summary: "Приглашения компании (владелец и администраторы)",
      description: "Новые первыми; `status=pending|accepted|declined` — только такие.",
      ...secured,
      responses: {
        200: jsonOf(`${invitationShape}[]`, z.array(invitationSchema)),
        404: { description: "Компания не найдена" },
        422: { description: "Неверный status" },
      },
    }),
    validate("param", z.object({ companyId: pathId })),
    requireUser,
    validate(
      "query",
      z.object({
        status: z
          .enum(["pending", "accepted", "declined"], { error: "status: pending, accepted или declined" })
          .optional(),
      }),
    ),
    async (c) => {
      const db = getDb(c.env.DB);
      const { company } = await companyForManager(db, c.var.userId, c.req.valid("param").companyId);
      return c.json(await listCompanyInvitations(db, company.id, c.req.valid("query").status), 200);
    },
  )
  .delete(
    "/:companyId/invitations/:invitationId",
    describeRoute({
      tags: ["companies"],
      summary: "Отозвать приглашение (владелец и администраторы)",
      description: "Только ожидающее ответа: ссылка из письма перестаёт работать. Принятое или отклонённое — 409.",
      ...secured,
      responses: {
        204: { description: "Отозвано" },
        404: { description: "Компания или приглашение не найдены" },
        409: { description: "На приглашение уже ответили" },
      },
    }),
    validate("param", z.object({ companyId: pathId, invitationId: pathId })),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      const { companyId, invitationId } = c.req.valid("param");
      const { company } = await companyForManager(db, c.var.userId, companyId);
      await withdrawInvitation(db, company.id, invitationId);
      return c.body(null, 204);
    },
  );

async function accept(d1: D1Database, user: AppEnv["Variables"]["account"], ref: InvitationRef) {
  const db = getDb(d1);
  const companyId = await acceptInvitation(db, user, ref);
  return companyView(db, await companyForMember(db, user.id, companyId));
}
