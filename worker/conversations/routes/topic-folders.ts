import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { requireUser } from "../../accounts/middleware/auth";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonOf, secured } from "../../http/openapi";
import { pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { topicSchema } from "../schemas";
import { moveTopicToFolder, publicTopic, removeTopicFromFolder } from "../services/topics";

const moveParams = z.object({ topicId: pathId, folderId: pathId });
const topicAnswer = { 200: jsonOf("Topic", topicSchema), 404: { description: "Чат или папка не найдены" } };

/** A topic into a folder and out of it: `/topics/{topicId}/{folderId}`. */
export const topicFolders = new Hono<AppEnv>()
  .post(
    "/:topicId/:folderId",
    describeRoute({
      tags: ["folders"],
      summary: "Переместить чат в папку",
      description: "Папка должна быть своей и того же типа списка, что и чат (explain_img — в папки gpt).",
      ...secured,
      responses: { ...topicAnswer, 422: { description: "Папка другого режима" } },
    }),
    validate("param", moveParams),
    requireUser,
    async (c) => {
      const { topicId, folderId } = c.req.valid("param");
      return c.json(publicTopic(await moveTopicToFolder(getDb(c.env.DB), c.var.userId, topicId, folderId)), 200);
    },
  )
  .delete(
    "/:topicId/:folderId",
    describeRoute({
      tags: ["folders"],
      summary: "Убрать чат из папки",
      ...secured,
      responses: topicAnswer,
    }),
    validate("param", moveParams),
    requireUser,
    async (c) => {
      const { topicId, folderId } = c.req.valid("param");
      return c.json(publicTopic(await removeTopicFromFolder(getDb(c.env.DB), c.var.userId, topicId, folderId)), 200);
    },
  );
