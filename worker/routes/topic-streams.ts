import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { chooseModel } from "../ai/providers";
import { getDb, type Db } from "../db/client";
import { topics as topicsTable } from "../db/schema";
import { REPLY_TEXTS, type ReplyJob } from "../durable/topic-session";
import type { AppEnv, Env } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/auth";
import { claimAttachments } from "../services/attachments";
import { requireAcceptedDisclaimer } from "../services/disclaimers";
import { refundRequest, takeRequest, type Charge } from "../services/limits";
import { saveUserMessage } from "../services/messages";
import { findActiveProduct, findProduct, type ProductRow } from "../services/products";
import { findOwnTopic, publicTopic, type TopicRow } from "../services/topics";
import { QUOTAS } from "../settings";
import { validate } from "../validate";

export const STREAM_TEXTS = { busy: REPLY_TEXTS.busy, unknownMode: "Неизвестный режим ассистента" } as const;

const MAX_ATTACHMENTS = QUOTAS.documentsPerMessage + QUOTAS.imagesPerMessage;

const messageText = z
  .string({ error: (issue) => (issue.input === undefined ? "Введите сообщение" : "Текст сообщения должен быть строкой") })
  .trim()
  .min(1, { error: "Сообщение не может быть пустым" })
  .max(QUOTAS.messageMaxChars, { error: `Сообщение должно быть не длиннее ${QUOTAS.messageMaxChars} символов` });
const attachmentIds = z
  .array(z.number({ error: "Идентификатор вложения должен быть числом" }).int({ error: "Идентификатор вложения должен быть целым числом" }).positive({ error: "Некорректный идентификатор вложения" }), {
    error: "attachments должен быть списком идентификаторов вложений",
  })
  .max(MAX_ATTACHMENTS, { error: `Не больше ${MAX_ATTACHMENTS} вложений в сообщении` })
  .default([]);
const assistantType = z.string({ error: "Укажите режим ассистента" }).trim().min(1, { error: "Укажите режим ассистента" }).max(64, { error: STREAM_TEXTS.unknownMode });
const topicName = z
  .string()
  .trim()
  .max(100, { error: "Название чата должно быть не длиннее 100 символов" })
  .refine((name) => !/[\r\n\u2028\u2029]/.test(name), { error: "Название чата должно быть в одну строку" });

export const startBody = z.object({
  message: z.object({ text: messageText, attachments: attachmentIds }, { error: "Укажите message: {text, attachments}" }),
  assistant_type: assistantType.default("explain_law"),
});
export const sendBody = z.object({ text: messageText, attachments: attachmentIds });
const newTopicQuery = z.object({ assistant_type: assistantType.default("explain_law"), topic_name: topicName.optional() });
const idParams = z.object({ id: z.coerce.number().int().max(Number.MAX_SAFE_INTEGER, { error: "Некорректный идентификатор" }) });

const session = (env: Env, topicId: number) => env.TOPIC_SESSION.get(env.TOPIC_SESSION.idFromName(String(topicId)));

async function activeProduct(db: Db, type: string): Promise<ProductRow> {
  const product = await findActiveProduct(db, type);
  if (!product) throw new ApiError(422, [{ loc: ["body", "assistant_type"], msg: STREAM_TEXTS.unknownMode, type: "enum" }]);
  return product;
}

const streamHeaders = (model: string, extra: Record<string, string> = {}) => ({
  "content-type": "text/plain; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  // Compressing text/plain (Cloudflare's edge, and miniflare locally, gzip it for browsers) holds
  // the chunks back until the end: the reply must reach the reader as the model writes it.
  "content-encoding": "identity",
  "x-model": model,
  ...extra,
});

/** The stream with a first line before it (the new topic's `topic_id: <id>`), chunk by chunk. */
function withFirstLine(line: string, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let lineSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!lineSent) {
        lineSent = true;
        controller.enqueue(new TextEncoder().encode(line));
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * One send, in the order of docs/conversations.md: the mode's terms accepted (403) → attachments
 * checked (404/409/422) → the topic's session reserved (409) → one request taken (402) → the
 * question saved → the session streams the reply. A failure on the way gives back what was taken.
 */
async function send(
  env: Env,
  db: Db,
  input: { topic: TopicRow; product: ProductRow; userId: number; text: string; attachmentIds: number[]; firstLine?: string },
): Promise<Response> {
  const { topic } = input;
  // Modes with terms (law, real estate: docs/billing.md) refuse before anything is reserved or taken.
  await requireAcceptedDisclaimer(db, input.userId, topic.assistantType);
  const claimed = await claimAttachments(db, input.userId, input.attachmentIds);
  const model = chooseModel(env, input.product.model, claimed.some((a) => a.kind === "image"));
  const stub = session(env, topic.id);
  const token = await stub.reserve();
  if (!token) throw ApiError.conflict(STREAM_TEXTS.busy);

  let charge: Charge | null = null;
  let job: ReplyJob;
  try {
    charge = await takeRequest(db, input.userId);
    const userMessageId = await saveUserMessage(db, { topicId: topic.id, text: input.text, attachmentIds: claimed.map((a) => a.id) });
    job = { topicId: topic.id, userMessageId, assistantType: topic.assistantType, model, charge };
  } catch (err) {
    await stub.release(token);
    if (charge) await refundRequest(db, charge);
    throw err;
  }
  let started: Response;
  try {
    started = await stub.fetch("https://topic-session/start", { method: "POST", body: JSON.stringify({ token, job }) });
  } catch (err) {
    // The session has the job (and settles the request) or lost the reservation; either way the
    // route gives nothing back itself, so a request is never refunded twice.
    console.error("the topic session failed", topic.id, err);
    throw new ApiError(502, REPLY_TEXTS.interrupted);
  }
  const topicHeader: Record<string, string> = input.firstLine ? { "x-topic-id": String(topic.id) } : {};
  // 502: the model failed before its first token (the session gave the request back). 409: the
  // reservation lapsed and another send took the topic (ours is given back here).
  if (started.status === 409) await refundRequest(db, charge);
  if (started.status !== 200 || !started.body) return new Response(started.body, { status: started.status, headers: { ...Object.fromEntries(started.headers), ...topicHeader } });
  const body = input.firstLine ? withFirstLine(input.firstLine, started.body) : started.body;
  return new Response(body, { headers: streamHeaders(model.modelId, topicHeader) });
}

const secured = { security: [{ jwt: [] }] };
const streamResponses = {
  200: { description: "Ответ модели, text/plain, по частям по мере генерации; заголовок X-Model" },
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
    describeRoute({ tags: ["topics"], summary: "Новый пустой чат", ...secured, responses: { 201: { description: "Topic" }, 422: { description: "Неизвестный режим или неверное название" } } }),
    requireUser,
    validate("query", newTopicQuery),
    async (c) => {
      const query = c.req.valid("query");
      const db = getDb(c.env.DB);
      const product = await activeProduct(db, query.assistant_type);
      const [topic] = await db
        .insert(topicsTable)
        .values({ userId: c.var.userId, assistantType: product.assistantType, topicName: query.topic_name || null })
        .returning();
      return c.json(publicTopic(topic!), 201);
    },
  )
  .post(
    "/start/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Новый чат с первым вопросом: ответ потоком",
      description: "Первая строка потока `topic_id: <id>\\n`, затем ответ модели. Заголовки X-Model и X-Topic-Id (и при 502).",
      ...secured,
      responses: streamResponses,
    }),
    requireUser,
    validate("json", startBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = getDb(c.env.DB);
      const product = await activeProduct(db, body.assistant_type);
      const [topic] = await db.insert(topicsTable).values({ userId: c.var.userId, assistantType: product.assistantType }).returning();
      try {
        return await send(c.env, db, {
          topic: topic!,
          product,
          userId: c.var.userId,
          text: body.message.text,
          attachmentIds: body.message.attachments,
          firstLine: `topic_id: ${topic!.id}\n`,
        });
      } catch (err) {
        // Refused before the question was saved (no requests left, say): no empty topic stays behind.
        await deleteEmptyTopic(db, topic!.id);
        throw err;
      }
    },
  )
  .post(
    "/:id{[0-9]+}/start/stream",
    describeRoute({ tags: ["topics"], summary: "Первый вопрос в чате, созданном через /topics/new: ответ потоком", ...secured, responses: streamResponses }),
    requireUser,
    validate("param", idParams),
    validate("json", sendBody),
    (c) => sendToTopic(c.env, c.var.userId, c.req.valid("param").id, c.req.valid("json")),
  )
  .post(
    "/:id{[0-9]+}/message/stream",
    describeRoute({ tags: ["topics"], summary: "Сообщение в чат: ответ потоком", ...secured, responses: streamResponses }),
    requireUser,
    validate("param", idParams),
    validate("json", sendBody),
    (c) => sendToTopic(c.env, c.var.userId, c.req.valid("param").id, c.req.valid("json")),
  )
  .get(
    "/:id{[0-9]+}/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Ответ, который ещё идёт: уже сказанное, затем остальное вживую",
      ...secured,
      responses: { 200: { description: "text/plain, по частям" }, 204: { description: "Сейчас ничего не генерируется" }, 404: { description: "Чат не найден" } },
    }),
    requireUser,
    validate("param", idParams),
    async (c) => {
      const topic = await findOwnTopic(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      const res = await session(c.env, topic.id).fetch("https://topic-session/stream");
      if (res.status !== 200 || !res.body) return new Response(res.body, { status: res.status, headers: res.headers });
      return new Response(res.body, { headers: streamHeaders(res.headers.get("x-model") ?? "") });
    },
  )
  .post(
    "/:id{[0-9]+}/stop",
    describeRoute({
      tags: ["topics"],
      summary: "Остановить ответ",
      description: "Отвечает, когда сказанное моделью сохранено как ответ с `state: \"partial\"`. 204 и когда ничего не генерировалось.",
      ...secured,
      responses: { 204: { description: "Остановлено" }, 404: { description: "Чат не найден" } },
    }),
    requireUser,
    validate("param", idParams),
    async (c) => {
      const topic = await findOwnTopic(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      await session(c.env, topic.id).stop();
      return c.body(null, 204);
    },
  );

async function sendToTopic(env: Env, userId: number, topicId: number, body: z.infer<typeof sendBody>): Promise<Response> {
  const db = getDb(env.DB);
  const topic = await findOwnTopic(db, userId, topicId);
  // A topic keeps its mode even if an admin has since turned the mode off.
  const product = await findProduct(db, topic.assistantType);
  if (!product) throw new ApiError(422, STREAM_TEXTS.unknownMode);
  return send(env, db, { topic, product, userId, text: body.text, attachmentIds: body.attachments });
}

async function deleteEmptyTopic(db: Db, topicId: number): Promise<void> {
  await db.run(sql`DELETE FROM topics WHERE id = ${topicId} AND NOT EXISTS (SELECT 1 FROM messages WHERE topic_id = ${topicId})`);
}
