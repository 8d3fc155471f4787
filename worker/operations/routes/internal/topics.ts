import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import { userHistory } from "../../../db/history";
import type { AppEnv } from "../../../env";
import { createTopic } from "../../../conversations/services/new-topic";
import { groupByDay, listTopics, publicTopic } from "../../../conversations/services/topics";
import { validate } from "../../../http/validate";
import { asBotUser, BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";
import { jsonOf } from "../../../http/openapi";
import { topicGroupSchema, topicSchema } from "../../../conversations/schemas";
import { assistantTypeName, topicName, topicStatus, topicType } from "../../../conversations/fields";

const listQuery = z.object({ status: topicStatus.default("active"), type: topicType.default("all") });
const createBody = z.object({ assistant_type: assistantTypeName.max(64), topic_name: topicName.optional() });
// A bot has no time zone of its own: its users are grouped by Moscow days, as the web's default.
const TIME_ZONE = "Europe/Moscow";

export const internalTopics = new Hono<AppEnv>()
  .get(
    BOT_PATH,
    describeRoute({
      tags: ["internal"],
      summary: "Чаты пользователя бота, по дням (как в вебе)",
      ...internalSecured,
      responses: {
        200: jsonOf("[{date, topics}]", z.array(topicGroupSchema)),
        ...botUserMissing,
        422: { description: "Неверный статус или тип" },
      },
    }),
    validate("param", botParams),
    validate("query", listQuery),
    asBotUser,
    async (c) => {
      // Bots get the whole list in one answer, as before pages (docs/conversations.md "Topics and folders").
      const { rows } = await listTopics(getDb(c.env.DB), c.var.userId, c.req.valid("query"));
      return c.json(groupByDay(rows, TIME_ZONE), 200);
    },
  )
  .post(
    BOT_PATH,
    describeRoute({
      tags: ["internal"],
      summary: "Новый пустой чат пользователя бота",
      ...internalSecured,
      responses: {
        201: jsonOf("Topic", topicSchema),
        ...botUserMissing,
        422: { description: "Неизвестный режим или неверное название" },
      },
    }),
    validate("param", botParams),
    validate("json", createBody),
    asBotUser,
    async (c) => {
      const body = c.req.valid("json");
      const input = { userId: c.var.userId, assistantType: body.assistant_type, topicName: body.topic_name };
      const topic = await createTopic(getDb(c.env.DB), userHistory(c.env, c.var.user), c.env.EXTRACTOR, input);
      return c.json(publicTopic(topic), 201);
    },
  );
