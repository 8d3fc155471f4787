import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../../../env";
import { validate } from "../../../http/validate";
import { uploadAttachment } from "../../../conversations/services/uploads";
import { uploadForm, uploadLimit, uploadRateLimit } from "../../../conversations/middleware/upload";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { transcriptSchema, uploadSchema } from "../../../conversations/schemas";
import { transcribeRecording } from "../../../conversations/services/transcripts";
import { getDb } from "../../../db/client";
import { userHistory } from "../../../db/history";
import { pathId } from "../../../http/params";
import { enforceRateLimits } from "../../../http/rate-limit";

export const internalAttachments = new Hono<AppEnv>()
  .post(
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
  )
  .post(
    `${BOT_PATH}/:id/transcribe`,
    describeRoute({
      tags: ["internal"],
      summary: "Расшифровка голосовой записи пользователя бота (как в вебе)",
      description: "Один раз на запись: повторный вызов отвечает сохранённым текстом; лимиты расшифровок — как в вебе.",
      ...internalSecured,
      responses: {
        200: jsonOf("{text, demo}", transcriptSchema),
        ...botUserMissing,
        409: { description: "Запись ещё расшифровывается по другому запросу" },
        422: { description: "Это не голосовая запись, длину записи не определить, или речь не разобрать" },
        429: { description: "Слишком много расшифровок или исчерпан дневной лимит минут записей" },
        502: { description: "Сервис распознавания речи не ответил" },
        503: { description: "Распознавание речи не настроено" },
      },
    }),
    validate("param", botParams.extend({ id: pathId })),
    asBotUser,
    async (c) => {
      const db = getDb(c.env.DB);
      await enforceRateLimits(db, c.env, [["transcribePerUser", String(c.var.userId)]]);
      const history = userHistory(c.env, c.var.user);
      return c.json(await transcribeRecording(c.env, { db, history }, c.var.userId, c.req.valid("param").id), 200);
    },
  );
