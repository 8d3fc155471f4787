import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../../../env";
import { validate } from "../../../http/validate";
import { uploadAttachment } from "../../../conversations/services/uploads";
import { uploadForm, uploadLimit, uploadRateLimit } from "../../../conversations/middleware/upload";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { uploadSchema } from "../../../conversations/schemas";

export const internalAttachments = new Hono<AppEnv>().post(
  BOT_PATH,
  describeRoute({
    tags: ["internal"],
    summary: "Загрузить вложение от имени пользователя бота (multipart, поле file)",
    ...internalSecured,
    responses: {
      201: jsonOf("{attachment_id, filename, content_type, mime_type, size, url}", uploadSchema),
      ...botUserMissing,
      413: { description: "Файл больше допустимого размера" },
      415: { description: "Неподдерживаемый тип файла" },
      422: {
        description:
          "Нет файла, из документа не удалось извлечь текст, или архив документа слишком велик в распакованном виде",
      },
      429: { description: "Слишком много загрузок, повторите позже" },
    },
  }),
  validate("param", botParams),
  asBotUser,
  uploadRateLimit,
  uploadLimit,
  validate("form", uploadForm),
  async (c) => c.json(await uploadAttachment(c.env, c.var.user, c.req.valid("form").file), 201),
);
