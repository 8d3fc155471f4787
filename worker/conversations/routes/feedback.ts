import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import { userHistory } from "../../db/history";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { requireUser } from "../../accounts/middleware/auth";
import { feedbackSchema } from "../schemas";
import { rateReply, withdrawRating } from "../services/feedback";

/** A comment longer than this is a letter, not feedback. */
export const FEEDBACK_COMMENT_MAX = 2000;

const replyParams = z.object({ id: pathId, messageId: pathId });

const feedbackBody = z.object({
  rating: z.enum(["up", "down"], { error: "Оценка: up или down" }),
  comment: z
    .string({ error: "Комментарий должен быть строкой" })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, { error: `Комментарий должен быть не длиннее ${FEEDBACK_COMMENT_MAX} символов` })
    .nullish(),
});

const refusals = {
  404: { description: "Чат или сообщение не найдено (или чужое)" },
  422: { description: "Не ответ ассистента, неверная оценка или слишком длинный комментарий" },
};

/** 👍/👎 on an assistant reply (docs/conversations.md "Feedback"). */
export const feedback = new Hono<AppEnv>()
  .post(
    "/:id/messages/:messageId/feedback",
    describeRoute({
      tags: ["topics"],
      summary: "Оценить ответ ассистента",
      description: "Одна оценка на ответ: повторный вызов заменяет прежнюю. Пустой комментарий — без комментария.",
      ...secured,
      responses: { 200: jsonOf("Feedback", feedbackSchema), ...refusals },
    }),
    validate("param", replyParams),
    requireUser,
    jsonObjectBody,
    validate("json", feedbackBody),
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      const { rating, comment } = c.req.valid("json");
      return c.json(
        await rateReply(getDb(c.env.DB), userHistory(c.env, c.var.user), c.var.userId, id, messageId, {
          rating,
          comment: comment || null,
        }),
        200,
      );
    },
  )
  .delete(
    "/:id/messages/:messageId/feedback",
    describeRoute({
      tags: ["topics"],
      summary: "Снять оценку ответа",
      ...secured,
      responses: { 204: { description: "Оценки больше нет" }, ...refusals },
    }),
    validate("param", replyParams),
    requireUser,
    async (c) => {
      const { id, messageId } = c.req.valid("param");
      await withdrawRating(getDb(c.env.DB), userHistory(c.env, c.var.user), c.var.userId, id, messageId);
      return c.body(null, 204);
    },
  );
