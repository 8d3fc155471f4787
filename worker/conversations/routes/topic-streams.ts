import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import { userHistory } from "../../db/history";
import type { AppEnv } from "../../env";
import { pathId } from "../../http/params";
import { requireSignature, requireUser } from "../../accounts/middleware/auth";
import { createTopic, UNKNOWN_MODE } from "../services/new-topic";
import { newQuestion, sendFromWeb, streamHeaders } from "../turn/send-turn";
import { REPLY_TEXTS, topicObject } from "../turn/topic-object";
import { findOwnTopic, publicTopic } from "../services/topics";
import { validate } from "../../http/validate";
import { bodyOf, jsonOf, secured } from "../../http/openapi";
import { topicSchema } from "../schemas";
import { assistantTypeName, attachmentIds, keepAsIs, messageText, topicName } from "../fields";

export const STREAM_TEXTS = { busy: REPLY_TEXTS.busy, unknownMode: UNKNOWN_MODE } as const;

const assistantType = assistantTypeName.max(64, { error: STREAM_TEXTS.unknownMode });

export const startBody = z.object({
  message: z.object(
    { text: messageText, attachments: attachmentIds, keep_as_is: keepAsIs },
    { error: "Укажите message: {text, attachments}" },
  ),
  assistant_type: assistantType.default("explain_law"),
});
export const sendBody = z.object({ text: messageText, attachments: attachmentIds, keep_as_is: keepAsIs });
const newTopicQuery = z.object({
  assistant_type: assistantType.default("explain_law"),
  topic_name: topicName.optional(),
});
const idParams = z.object({ id: pathId });

const STREAM_HEADERS = { "X-Model": "Модель, которая отвечает" };
const streamOf = (description: string) => bodyOf(description, "text/plain", STREAM_HEADERS);

export const streamResponses = {
  200: streamOf("Ответ модели по частям по мере генерации"),
  402: { description: "Лимит запросов исчерпан" },
  403: { description: "Примите условия использования режима" },
  404: { description: "Чат или вложение не найдены" },
  409: { description: "Дождитесь окончания ответа" },
  422: { description: "Неверный текст, режим или вложения" },
  502: { description: "Модель не ответила до первого слова: запрос возвращён" },
  503: { description: "Модель не настроена" },
};

export const topicStreams = new Hono<AppEnv>()
  .post(
    "/new",
    describeRoute({
      tags: ["topics"],
      summary: "Новый пустой чат",
      ...secured,
      responses: { 201: jsonOf("Topic", topicSchema), 422: { description: "Неизвестный режим или неверное название" } },
    }),
    requireUser,
    validate("query", newTopicQuery),
    async (c) => {
      const query = c.req.valid("query");
      const input = { userId: c.var.userId, assistantType: query.assistant_type, topicName: query.topic_name };
      const topic = await createTopic(getDb(c.env.DB), userHistory(c.env, c.var.user), c.env.EXTRACTOR, input);
      return c.json(publicTopic(topic), 201);
    },
  )
  .post(
    "/start/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Новый чат с первым вопросом: ответ потоком",
      description:
        "Первая строка потока `topic_id: <id>\\n`, затем ответ модели. Заголовки X-Model и X-Topic-Id (и при 502).",
      ...secured,
      responses: {
        ...streamResponses,
        200: bodyOf("Строка `topic_id: <id>`, затем ответ модели по частям", "text/plain", {
          ...STREAM_HEADERS,
          "X-Topic-Id": "Номер нового чата",
        }),
      },
    }),
    requireSignature,
    validate("json", startBody),
    (c) => {
      const body = c.req.valid("json");
      const topic = { kind: "new", assistantType: body.assistant_type, topicLine: true } as const;
      return sendFromWeb(c, topic, newQuestion(body.message));
    },
  )
  .post(
    "/:id/start/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Первый вопрос в чате, созданном через /topics/new: ответ потоком",
      ...secured,
      responses: streamResponses,
    }),
    validate("param", idParams),
    requireSignature,
    validate("json", sendBody),
    (c) => sendFromWeb(c, { kind: "existing", id: c.req.valid("param").id }, newQuestion(c.req.valid("json"))),
  )
  .post(
    "/:id/message/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Сообщение в чат: ответ потоком",
      ...secured,
      responses: streamResponses,
    }),
    validate("param", idParams),
    requireSignature,
    validate("json", sendBody),
    (c) => sendFromWeb(c, { kind: "existing", id: c.req.valid("param").id }, newQuestion(c.req.valid("json"))),
  )
  .get(
    "/:id/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Ответ, который ещё идёт: уже сказанное, затем остальное вживую",
      ...secured,
      responses: {
        200: streamOf("Уже сказанное, затем остальное по частям"),
        204: { description: "Сейчас ничего не генерируется" },
        404: { description: "Чат не найден" },
        502: { description: "Модель не ответила до первого слова" },
      },
    }),
    validate("param", idParams),
    requireUser,
    async (c) => {
      const topic = await findOwnTopic(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      const live = await topicObject(c.env, topic).stream();
      if (live.kind === "idle") return c.body(null, 204);
      if (live.kind !== "streaming") return c.json({ detail: REPLY_TEXTS.failedBeforeFirstToken }, 502);
      return new Response(live.body, { headers: streamHeaders(live.model) });
    },
  )
  .post(
    "/:id/stop",
    describeRoute({
      tags: ["topics"],
      summary: "Остановить ответ",
      description:
        'Отвечает, когда сказанное моделью сохранено как ответ с `state: "partial"`. 204 и когда ничего не ' +
        "генерировалось.",
      ...secured,
      responses: { 204: { description: "Остановлено" }, 404: { description: "Чат не найден" } },
    }),
    validate("param", idParams),
    requireUser,
    async (c) => {
      const topic = await findOwnTopic(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      await topicObject(c.env, topic).stop();
      return c.body(null, 204);
    },
  );
