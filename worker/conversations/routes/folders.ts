import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { missingOr } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireUser } from "../../accounts/middleware/auth";
import { createFolder, deleteFolder, listFolders, publicFolder, renameFolder } from "../services/folders";
import { ASSISTANT_TYPES } from "../../settings";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { jsonOf, secured } from "../../http/openapi";
import { folderSchema } from "../schemas";

const assistantType = z.enum(ASSISTANT_TYPES, {
  error: "Неизвестный режим: explain_law, gpt, explain_estate или explain_img",
});
export const folderName = z
  .string(missingOr("Укажите название папки", "Название папки должно быть строкой"))
  .trim()
  .min(1, { error: "Название папки не может быть пустым" })
  .max(60, { error: "Название папки должно быть не длиннее 60 символов" })
  .refine((name) => !/[\r\n\u2028\u2029]/.test(name), { error: "Название папки должно быть в одну строку" });

const notFound = { 404: { description: "Папка не найдена (или чужая)" } };

export const folders = new Hono<AppEnv>()
  .post(
    "/:assistantType/:name",
    describeRoute({
      tags: ["folders"],
      summary: "Создать папку режима",
      ...secured,
      responses: {
        201: jsonOf("Folder", folderSchema),
        422: { description: "Неизвестный режим или неверное название" },
      },
    }),
    requireUser,
    validate("param", z.object({ assistantType, name: folderName })),
    async (c) => {
      const { assistantType, name } = c.req.valid("param");
      return c.json(publicFolder(await createFolder(getDb(c.env.DB), c.var.userId, assistantType, name)), 201);
    },
  )
  .get(
    "/:assistantType",
    describeRoute({
      tags: ["folders"],
      summary: "Папки режима",
      ...secured,
      responses: {
        200: jsonOf("Folder[] в порядке создания", z.array(folderSchema)),
        422: { description: "Неизвестный режим" },
      },
    }),
    requireUser,
    validate("param", z.object({ assistantType })),
    async (c) =>
      c.json(
        (await listFolders(getDb(c.env.DB), c.var.userId, c.req.valid("param").assistantType)).map(publicFolder),
        200,
      ),
  )
  .patch(
    "/:folderId",
    describeRoute({
      tags: ["folders"],
      summary: "Переименовать папку",
      ...secured,
      responses: { 200: jsonOf("Folder", folderSchema), ...notFound, 422: { description: "Неверное название" } },
    }),
    validate("param", z.object({ folderId: pathId })),
    requireUser,
    validate("json", z.object({ name: folderName })),
    async (c) => {
      const folder = await renameFolder(
        getDb(c.env.DB),
        c.var.userId,
        c.req.valid("param").folderId,
        c.req.valid("json").name,
      );
      return c.json(publicFolder(folder), 200);
    },
  )
  .delete(
    "/:folderId",
    describeRoute({
      tags: ["folders"],
      summary: "Удалить папку (чаты остаются, без папки)",
      ...secured,
      responses: { 204: { description: "Удалена" }, ...notFound },
    }),
    validate("param", z.object({ folderId: pathId })),
    requireUser,
    async (c) => {
      await deleteFolder(getDb(c.env.DB), c.var.userId, c.req.valid("param").folderId);
      return c.body(null, 204);
    },
  );
