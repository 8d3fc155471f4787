import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { deleteAttachmentObjects } from "../../conversations/services/attachments";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { bodyOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { requireAccount, requireCheckedUser } from "../middleware/auth";
import { deleteAccount, exportAccount } from "../services/account-data";
import { proveOwner } from "../services/owner-proof";
import { logEvent } from "../../http/log";

const deleteBody = z.object({
  password: z.string({ error: "Пароль должен быть строкой" }).max(200).optional(),
  code: z.string({ error: "Код должен быть строкой" }).max(20).optional(),
});

/** The user's own data: a download of all of it, and deleting the account (docs/legal.md "Your data"). */
export const accountData = new Hono<AppEnv>()
  .get(
    "/self/export",
    describeRoute({
      tags: ["users"],
      summary: "Выгрузить свои данные",
      description: "Zip: каждый чат в Markdown (chats/) и account.json — аккаунт, платежи, согласия.",
      ...secured,
      responses: {
        200: bodyOf("Zip, для скачивания", "application/zip", { "Content-Disposition": "attachment; filename=…" }),
      },
    }),
    requireCheckedUser,
    async (c) => {
      const now = Date.now();
      const zip = await exportAccount(c.env, getDb(c.env.DB), c.var.account, now);
      const date = new Date(now).toISOString().slice(0, 10);
      return new Response(zip, {
        headers: {
          "content-type": "application/zip",
          "content-disposition": `attachment; filename="yasno-data-${date}.zip"`,
          "cache-control": "no-store",
        },
      });
    },
  )
  .delete(
    "/self",
    describeRoute({
      tags: ["users"],
      summary: "Удалить аккаунт",
      description:
        "С паролем аккаунта (или кодом из письма, или сразу после входа через внешний сервис, если пароля нет). " +
        "Чаты, сообщения, файлы, сессии и личные данные удаляются; платежи остаются обезличенными.",
      ...secured,
      responses: {
        204: { description: "Аккаунт удалён" },
        403: { description: "Неверный пароль или код; войдите заново" },
        422: { description: "Нужен пароль или код" },
        429: { description: "Слишком много попыток" },
      },
    }),
    requireAccount,
    jsonObjectBody,
    validate("json", deleteBody),
    async (c) => {
      const db = getDb(c.env.DB);
      const body = c.req.valid("json");
      await proveOwner(c.env, db, c.var.account, c.var.token.sid, { currentPassword: body.password, code: body.code });
      const files = await deleteAccount(c.env, db, c.var.account);
      c.executionCtx.waitUntil(
        deleteAttachmentObjects(c.env, files).catch((err) =>
          logEvent("error", "account files delete failed", { user_id: c.var.userId, err }),
        ),
      );
      return c.body(null, 204);
    },
  );
