import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { flag } from "../../../http/fields";
import { getDb } from "../../../db/client";
import { userHistory } from "../../../db/history";
import { findOwnTopic } from "../../../conversations/services/topics";
import { ApiError } from "../../../http/errors";
import type { AppEnv } from "../../../env";
import { newQuestion, sendTurn } from "../../../conversations/turn/send-turn";
import { validate } from "../../../http/validate";
import { sendBody } from "../../../conversations/routes/topic-streams";
import { assistantTypeName } from "../../../conversations/fields";
import { pathId } from "../../../http/params";
import { bodyOf, jsonOf } from "../../../http/openapi";
import { botReplySchema } from "../../schemas";
import { botReply } from "../../services/bot-replies";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

const messageBody = sendBody.extend({
  stream: flag("stream").default(true),
  assistant_type: assistantTypeName.max(64).default("explain_law"),
});

const NO_REPLY = "В этом чате ещё нет ответа";

export const internalMessages = new Hono<AppEnv>()
  .post(
    `${BOT_PATH}/:topicId`,
    describeRoute({
      tags: ["internal"],
      summary: "Вопрос от пользователя бота и ответ модели",
      description:
        "Как в вебе: лимиты и условия режима действуют. `topicId` 0 — новый чат в режиме `assistant_type`; его номер " +
        "в заголовке X-Topic-Id. " +
        "При `stream: true` (по умолчанию) ответ потоком text/plain, иначе целиком `{topic_id, text, model, state, citations, citations_date}`.",
      ...internalSecured,
      responses: {
        200: {
          description:
            "Ответ потоком (text/plain) или целиком {topic_id, text, model, state, citations, citations_date}; " +
            "заголовок X-Topic-Id",
          content: { ...jsonOf("", botReplySchema).content, ...bodyOf("", "text/plain").content },
        },
        ...botUserMissing,
        402: { description: "Лимит запросов исчерпан" },
        403: { description: "Примите условия использования режима" },
        409: { description: "Дождитесь окончания ответа" },
        422: { description: "Неверный текст, режим или вложения" },
        502: { description: "Модель не ответила: запрос возвращён" },
      },
    }),
    validate("param", botParams.extend({ topicId: pathId })),
    validate("json", messageBody),
    asBotUser,
    async (c) => {
      const { topicId } = c.req.valid("param");
      const body = c.req.valid("json");
      const topic =
        topicId === 0
          ? { kind: "new" as const, assistantType: body.assistant_type }
          : { kind: "existing" as const, id: topicId };
      const user = { id: c.var.user.id, historyShard: c.var.user.historyShard };
      const res = await sendTurn(c.env, { user, topic, question: newQuestion(body) });
      if (body.stream || res.status !== 200 || !res.body) return res;
      const id = Number(res.headers.get("x-topic-id") ?? topicId);
      try {
        await res.text();
      } catch {
        // The model broke off midway: the topic's object saved what it wrote as a partial reply.
      }
      const reply = await botReply(c.env, userHistory(c.env, c.var.user), id);
      // The model broke off before it wrote anything: nothing was saved.
      return c.json(
        reply
          ? { ...reply, model: reply.model ?? res.headers.get("x-model") }
          : {
              topic_id: id,
              text: "",
              model: res.headers.get("x-model"),
              state: "partial" as const,
              citations: [],
              citations_date: null,
            },
        200,
        {
          "x-topic-id": String(id),
        },
      );
    },
  )
  .get(
    `${BOT_PATH}/:topicId/last`,
    describeRoute({
      tags: ["internal"],
      summary: "Последний сохранённый ответ в чате пользователя бота",
      description:
        "Целиком, как при `stream: false`: для бота, который показал ответ потоком, — проверка ссылок на " +
        "законы (`citations`). Поток закрывается, когда ответ уже сохранён.",
      ...internalSecured,
      responses: {
        200: jsonOf("BotReply", botReplySchema),
        401: botUserMissing[401],
        404: { description: "Пользователь бота, чат или ответ в нём не найден" },
      },
    }),
    validate("param", botParams.extend({ topicId: pathId })),
    asBotUser,
    async (c) => {
      const { topicId } = c.req.valid("param");
      await findOwnTopic(getDb(c.env.DB), c.var.userId, topicId);
      const reply = await botReply(c.env, userHistory(c.env, c.var.user), topicId);
      if (!reply) throw ApiError.notFound(NO_REPLY);
      return c.json(reply, 200);
    },
  );
