import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../db/client";
import type { AppEnv, Env } from "../env";
import { ApiError } from "../errors";
import { pathId } from "../http/params";
import { requireUser } from "../middleware/auth";
import { ATTACHMENT_TEXTS, attachmentFileResponse, findAttachment, signedAttachmentUrl, storeUpload, verifyAttachmentSignature } from "../services/attachments";
import { enforceRateLimits } from "../services/rate-limit";
import { QUOTAS } from "../settings";
import { validate } from "../validate";

// Room for the multipart boundary and part headers around a file of the largest allowed size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadForm = z.object({
  file: z.instanceof(File, { error: "Выберите файл для загрузки (поле file)" }).meta({ type: "string", format: "binary" }),
});

// Refuses a body over the limit by its Content-Length before reading it, and stops a body
// without one (chunked) as soon as it grows past the limit.
export const uploadLimit = bodyLimit({
  maxSize: QUOTAS.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw new ApiError(413, ATTACHMENT_TEXTS.tooLarge);
  },
});

/** Counts the upload against the caller's `uploadPerUser` limit (429) before the body is read. */
export const uploadRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await enforceRateLimits(getDb(c.env.DB), c.env, [["uploadPerUser", String(c.var.userId)]]);
  await next();
});

/** Stores the uploaded file for the user; the answer of both the web and the bot upload. */
export async function upload(env: Env, userId: number, file: File) {
  const row = await storeUpload(env, getDb(env.DB), userId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return {
    attachment_id: row.id,
    filename: row.filename,
    content_type: row.kind,
    mime_type: row.contentType,
    size: row.size,
    url: await signedAttachmentUrl(env, row.id),
  };
}

const fileParams = z.object({ id: pathId });
const fileQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const attachments = new Hono<AppEnv>()
  .post(
    "/upload",
    describeRoute({
      tags: ["attachments"],
      summary: "Загрузка вложения: изображение (PNG, JPEG, WEBP, GIF) или документ (PDF, DOC, DOCX, TXT)",
      security: [{ jwt: [] }],
      responses: {
        201: { description: "{attachment_id, filename, content_type, mime_type, size, url}" },
        413: { description: "Файл больше допустимого размера" },
        415: { description: "Неподдерживаемый тип файла (определяется по содержимому)" },
        422: { description: "Нет файла, из документа не удалось извлечь текст, или архив документа слишком велик в распакованном виде" },
        429: { description: "Слишком много загрузок, повторите позже (Retry-After)" },
      },
    }),
    requireUser,
    uploadRateLimit,
    uploadLimit,
    validate("form", uploadForm),
    async (c) => c.json(await upload(c.env, c.var.userId, c.req.valid("form").file), 201),
  )
  .get(
    "/:id/file",
    describeRoute({
      tags: ["attachments"],
      summary: "Байты вложения по подписанной ссылке (или владельцу с jwt-token)",
      responses: {
        200: { description: "Файл: изображения inline, документы для скачивания" },
        403: { description: "Подпись неверна или срок ссылки истёк" },
        404: { description: "Вложение не найдено" },
      },
    }),
    validate("param", fileParams),
    validate("query", fileQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { exp, sig } = c.req.valid("query");
      if (exp !== undefined || sig !== undefined) {
        // The signed link is the permission: it works in <img src> without headers.
        if (exp === undefined || sig === undefined) throw ApiError.forbidden(ATTACHMENT_TEXTS.badSignature);
        await verifyAttachmentSignature(c.env, id, exp, sig);
        const row = await findAttachment(getDb(c.env.DB), id);
        if (!row) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
        return attachmentFileResponse(c.env, row);
      }
      // Without a signature, only the owner (by jwt-token) gets the bytes.
      await requireUser(c, async () => {});
      const row = await findAttachment(getDb(c.env.DB), id);
      if (!row || row.userId !== c.var.userId) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
      return attachmentFileResponse(c.env, row);
    },
  );
