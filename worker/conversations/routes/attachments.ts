import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import { shardBinding, shardDb, userHistory } from "../../db/history";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { pathId } from "../../http/params";
import { requireUser } from "../../accounts/middleware/auth";
import { uploadForm, uploadLimit, uploadRateLimit } from "../middleware/upload";
import {
  ATTACHMENT_TEXTS,
  attachmentFileResponse,
  findAttachment,
  verifyAttachmentSignature,
} from "../services/attachments";
import { uploadAttachment } from "../services/uploads";
import { validate } from "../../http/validate";
import { bodyOf, jsonOf, secured } from "../../http/openapi";
import { transcriptSchema, uploadSchema } from "../schemas";
import { transcribeRecording } from "../services/transcripts";
import { enforceRateLimits } from "../../http/rate-limit";

const fileParams = z.object({ id: pathId });
const fileQuery = z.object({
  // The history shard of the attachment, under the signature.
  s: z.coerce.number().int().min(0).max(1000).optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const attachments = new Hono<AppEnv>()
  .post(
    "/upload",
    describeRoute({
      tags: ["attachments"],
      summary:
        "Загрузка вложения: изображение (PNG, JPEG, WEBP, GIF), документ (PDF, DOC, DOCX, TXT) или голосовая " +
        "запись (OGG, WEBM, MP3, M4A, WAV)",
      ...secured,
      responses: {
        201: jsonOf("{attachment_id, filename, content_type, mime_type, size, url}", uploadSchema),
        413: { description: "Файл больше допустимого размера" },
        415: { description: "Неподдерживаемый тип файла (определяется по содержимому)" },
        422: {
          description:
            "Нет файла, из документа не удалось извлечь текст, архив документа слишком велик в распакованном виде " +
            "или запись слишком длинная",
        },
        429: { description: "Слишком много загрузок, повторите позже (Retry-After)" },
      },
    }),
    requireUser,
    uploadRateLimit,
    uploadLimit,
    validate("form", uploadForm),
    async (c) => c.json(await uploadAttachment(c.env, c.var.user, c.req.valid("form").file), 201),
  )
  .post(
    "/:id/transcribe",
    describeRoute({
      tags: ["attachments"],
      summary: "Расшифровка голосовой записи: текст вопроса для проверки перед отправкой",
      description:
        "Один раз на запись: повторный или одновременный вызов отвечает сохранённым текстом. demo: true — ответила " +
        "встроенная демо-расшифровка.",
      ...secured,
      responses: {
        200: jsonOf("{text, demo}", transcriptSchema),
        404: { description: "Вложение не найдено (или чужое)" },
        409: { description: "Запись ещё расшифровывается по другому запросу дольше минуты" },
        422: { description: "Это не голосовая запись, длину записи не определить, или речь не разобрать" },
        429: {
          description:
            "Слишком много расшифровок или исчерпан дневной лимит минут записей, повторите позже (Retry-After)",
        },
        502: { description: "Сервис распознавания речи не ответил" },
        503: { description: "Распознавание речи не настроено" },
      },
    }),
    validate("param", fileParams),
    requireUser,
    async (c) => {
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["transcribePerUser", String(c.var.userId)]]);
      const history = userHistory(c.env, c.var.user);
      return c.json(await transcribeRecording(c.env, { db, history }, c.var.userId, c.req.valid("param").id), 200);
    },
  )
  .get(
    "/:id/file",
    describeRoute({
      // The signed link alone, or the owner's token.
      security: [{}, { jwt: [] }],
      tags: ["attachments"],
      summary: "Байты вложения по подписанной ссылке (или владельцу с jwt-token)",
      responses: {
        200: bodyOf("Файл: изображения inline, документы для скачивания", "*/*"),
        403: { description: "Подпись неверна или срок ссылки истёк" },
        404: { description: "Вложение не найдено" },
      },
    }),
    validate("param", fileParams),
    validate("query", fileQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { s: shard, exp, sig } = c.req.valid("query");
      if (exp !== undefined || sig !== undefined) {
        // The signed link is the permission: it works in <img src> without headers.
        if (shard === undefined || exp === undefined || sig === undefined)
          throw ApiError.forbidden(ATTACHMENT_TEXTS.badSignature);
        await verifyAttachmentSignature(c.env, shard, id, exp, sig);
        const history = shardBinding(c.env, shard) && shardDb(c.env, shard);
        const row = history ? await findAttachment(history, id) : undefined;
        if (!row) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
        return attachmentFileResponse(c.env, row);
      }
      // Without a signature, only the owner (by jwt-token) gets the bytes.
      await requireUser(c, async () => {});
      const row = await findAttachment(userHistory(c.env, c.var.user), id);
      if (!row || row.userId !== c.var.userId) throw ApiError.notFound(ATTACHMENT_TEXTS.notFound);
      return attachmentFileResponse(c.env, row);
    },
  );
