import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { flag } from "../../../http/fields";
import { userHistory, type HistoryDb } from "../../../db/history";
import { messages } from "../../../db/history-schema";
import { relocated } from "../../../conversations/services/relocated-citations";
import { topicVault } from "../../../conversations/services/vaults";
import { unmaskText } from "../../../privacy";
import type { AppEnv } from "../../../env";
import { newQuestion, sendTurn } from "../../../conversations/turn/send-turn";
import { validate } from "../../../http/validate";
import { sendBody } from "../../../conversations/routes/topic-streams";
import { assistantTypeName } from "../../../conversations/fields";
import { pathId } from "../../../http/params";
import { bodyOf, jsonOf } from "../../../http/openapi";
import { botReplySchema } from "../../schemas";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

const messageBody = sendBody.extend({
  stream: flag("stream").default(true),
  assistant_type: assistantTypeName.max(64).default("explain_law"),
});

/** The saved reply the topic's object wrote before it closed the stream. */
async function savedReply(db: HistoryDb, topicId: number) {
  return db
    .select({
      text: messages.text,
      model: messages.model,
      state: messages.state,
      citations: messages.citations,
      citationsDate: messages.citationsDate,
    })
    .from(messages)
    .where(and(eq(messages.topicId, topicId), eq(messages.role, "assistant")))
    .orderBy(desc(messages.id))
    .get();
}

export const internalMessages = new Hono<AppEnv>().post(
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
    const h = userHistory(c.env, c.var.user);
    const [reply, vault] = await Promise.all([savedReply(h, id), topicVault(c.env, h, id)]);
    // The bot's user sees the values the privacy guard hid from the model, as the web does.
    const text = unmaskText(reply?.text ?? "", vault);
    const citations = reply?.citations ?? [];
    return c.json(
      {
        topic_id: id,
        text,
        model: reply?.model ?? res.headers.get("x-model"),
        state: reply?.state ?? "partial",
        citations: text === reply?.text ? citations : relocated(citations, text),
        citations_date: reply?.citationsDate ?? null,
      },
      200,
      {
        "x-topic-id": String(id),
      },
    );
  },
);
