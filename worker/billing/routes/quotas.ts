import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../../env";
import { QUOTAS } from "../../settings";
import { anonymous, jsonOf } from "../../http/openapi";
import { quotasSchema, type Quotas } from "../schemas";

/** What a client must respect, straight from the numbers the server enforces (worker/settings.ts). */
export const publicQuotas = (): Quotas => ({
  upload_max_bytes: QUOTAS.uploadMaxBytes,
  message_max_chars: QUOTAS.messageMaxChars,
  start_requests: QUOTAS.startRequests,
  free_daily_requests: QUOTAS.freeDailyRequests,
  documents_per_message: QUOTAS.documentsPerMessage,
  images_per_message: QUOTAS.imagesPerMessage,
  audio_daily_minutes: QUOTAS.audioDailyMinutes,
});

export const quotas = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    ...anonymous,
    tags: ["quotas"],
    summary: "Ограничения для клиента",
    description:
      "Наибольший файл (байт), наибольшая длина сообщения (символов), стартовый и ежедневный бесплатный пакеты " +
      "запросов, документов и изображений в одном сообщении, минут голосовых записей для расшифровки в день. Без " +
      "авторизации; сервер сам проверяет эти же числа.",
    responses: {
      200: jsonOf(
        "{upload_max_bytes, message_max_chars, start_requests, free_daily_requests, documents_per_message, " +
          "images_per_message, audio_daily_minutes}",
        quotasSchema,
      ),
    },
  }),
  (c) => c.json(publicQuotas(), 200),
);
