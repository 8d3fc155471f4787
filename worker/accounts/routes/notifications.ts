import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin, requireUser } from "../middleware/auth";
import {
  createNotification,
  listNotices,
  mailNotification,
  markAllNoticesRead,
  markNoticeRead,
  MAX_RECIPIENTS,
  NO_RECIPIENTS,
} from "../services/notifications";
import { validate } from "../../http/validate";
import { flag, missingOr, typedEmail } from "../../http/fields";
import { allTarget, jsonObjectBody } from "../../http/bulk-target";
import { pathId } from "../../http/params";
import { jsonOf, secured } from "../../http/openapi";
import { noticeSchema } from "../schemas";
import { logEvent } from "../../http/log";

const text = (what: string, max: number) =>
  z
    .string(missingOr(`Укажите ${what}`, `${what}: строка`))
    .trim()
    .min(1, { error: `${what}: не может быть пустым` })
    .max(max, { error: `${what}: не длиннее ${max} символов` });

const sendBody = z
  .object({
    title: text("заголовок", 200),
    text: text("текст", 5000),
    target: allTarget.optional(),
    user_ids: z
      .array(
        z
          .number({ error: "user_ids: числа" })
          .int({ error: "user_ids: целые числа" })
          .positive({ error: "user_ids: положительные числа" }),
        {
          error: "user_ids: список чисел",
        },
      )
      .max(MAX_RECIPIENTS, { error: `user_ids: не больше ${MAX_RECIPIENTS}` })
      .optional(),
    emails: z
      .array(typedEmail(z.string({ error: "emails: строки" })), { error: "emails: список строк" })
      .max(MAX_RECIPIENTS, { error: `emails: не больше ${MAX_RECIPIENTS}` })
      .optional(),
    by_email: flag("by_email").default(false),
  })
  .refine((b) => b.target === undefined || (b.user_ids === undefined && b.emails === undefined), {
    error: 'target: "all" — всем пользователям, без user_ids и emails',
    path: ["target"],
  })
  // Also when other fields fail (`when`): a body without recipients is always told so.
  .refine((b) => b.target !== undefined || (b.user_ids?.length ?? 0) + (b.emails?.length ?? 0) > 0, {
    error: NO_RECIPIENTS,
    path: ["target"],
    when: ({ value }) => typeof value === "object" && value !== null,
  });

const noticeShape = "[{id, title, text, created_at, read}]";

/** The admin's side: `/notification/send/`. */
export const notificationSend = new Hono<AppEnv>().post(
  "/send",
  describeRoute({
    tags: ["admin"],
    summary: "Отправить уведомление (только администратор)",
    description:
      `Всем пользователям — только с \`target: "all"\` (без списков); иначе — выбранным по \`user_ids\` ` +
      `и/или \`emails\` (до ${MAX_RECIPIENTS} в каждом; неизвестные id и e-mail — 422 со списком). Пустое тело, не ` +
      `JSON или без получателей — 422. Всегда уведомление в приложении; при \`by_email: true\` ещё и письмо (в ` +
      `фоне). Ответ: {id, recipients}.`,
    ...secured,
    responses: {
      201: jsonOf("{id, recipients}", z.strictObject({ id: z.int(), recipients: z.int().min(0) })),
      401: { description: "Нет или неверный токен" },
      403: { description: "Недостаточно прав" },
      422: { description: "Неверные данные или неизвестные получатели" },
    },
  }),
  requireAdmin,
  jsonObjectBody,
  validate("json", sendBody),
  async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const result = await createNotification(db, {
      title: body.title,
      text: body.text,
      audience: body.target === "all" ? { target: "all" } : { userIds: body.user_ids, emails: body.emails },
      byEmail: body.by_email,
      createdBy: c.var.userId,
    });
    if (body.by_email)
      c.executionCtx.waitUntil(
        mailNotification(c.env, db, result.id).catch((err) =>
          logEvent("error", "notification mail failed", { notification_id: result.id, err }),
        ),
      );
    return c.json(result, 201);
  },
);

/** The user's side: `/notifications/`. */
export const notifications = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["notifications"],
      summary: "Уведомления пользователя",
      description:
        `Новые первыми (до 100); \`unread=true\` — только непрочитанные. Число непрочитанных — в ` +
        `заголовке \`X-Unread-Count\`. Ответ: ${noticeShape}.`,
      ...secured,
      responses: { 200: jsonOf(noticeShape, z.array(noticeSchema)), 401: { description: "Нет или неверный токен" } },
    }),
    requireUser,
    validate("query", z.object({ unread: z.enum(["true", "false"], { error: "unread: true или false" }).optional() })),
    async (c) => {
      const { items, unread } = await listNotices(
        getDb(c.env.DB),
        c.var.userId,
        c.req.valid("query").unread === "true",
      );
      return c.json(items, 200, { "X-Unread-Count": String(unread) });
    },
  )
  .post(
    "/read-all",
    describeRoute({
      tags: ["notifications"],
      summary: "Отметить все уведомления прочитанными",
      description: "Ответ: {marked} — сколько было непрочитанных.",
      ...secured,
      responses: {
        200: jsonOf("{marked}: сколько отмечено", z.strictObject({ marked: z.int().min(0) })),
        401: { description: "Нет или неверный токен" },
      },
    }),
    requireUser,
    async (c) => c.json({ marked: await markAllNoticesRead(getDb(c.env.DB), c.var.userId) }, 200),
  )
  .post(
    "/:id/read",
    describeRoute({
      tags: ["notifications"],
      summary: "Отметить уведомление прочитанным",
      description: "Повторная отметка ничего не меняет. Чужое или несуществующее уведомление — 404.",
      ...secured,
      responses: {
        204: { description: "Отмечено" },
        401: { description: "Нет или неверный токен" },
        404: { description: "Уведомление не найдено" },
      },
    }),
    validate("param", z.object({ id: pathId })),
    requireUser,
    async (c) => {
      await markNoticeRead(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
