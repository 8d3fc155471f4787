import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { requireSignature, requireUser } from "../../accounts/middleware/auth";
import { messageSchema } from "../schemas";
import { signedAttachmentUrl } from "../services/attachments";
import { switchBranch } from "../services/branch-switch";
import { loadOwnHistory, publicMessages } from "../services/history";
import { NEXT_CURSOR_HEADER, PAGES } from "../../settings";
import { sendFromWeb } from "../turn/send-turn";
import { streamResponses } from "./topic-streams";
import { keepAsIs, messageText } from "../fields";

// Another reply, an edited question, more of a cut reply, another branch (docs/conversations.md
// "Versions", "Continue"). The three streams are sends in every rule.

const topicParams = z.object({ id: pathId });
const messageParams = z.object({ id: pathId, messageId: pathId });
const editBody = z.object({ text: messageText, keep_as_is: keepAsIs });
const branchBody = z.object({
  message_id: z
    .number({ error: "Укажите message_id: номер сообщения" })
    .int({ error: "message_id должен быть целым числом" })
    .positive({
      error: "Некорректный message_id",
    }),
});

export const versions = new Hono<AppEnv>()
  .post(
    "/:id/messages/:messageId/regenerate/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Другой ответ на тот же вопрос: ответ потоком",
      description: "Прежний ответ остаётся версией. Правила отправки: условия, лимит, 409, 502 до первого слова.",
      ...secured,
      responses: streamResponses,
    }),
    validate("param", messageParams),
    requireSignature,
    (c) => {
      const { id, messageId } = c.req.valid("param");
      return sendFromWeb(c, { kind: "existing", id }, { kind: "regenerate", messageId });
    },
  )
  .post(
    "/:id/messages/:messageId/edit/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Изменённый вопрос и ответ на него потоком",
      description: "Новая версия вопроса (с его файлами); прежний вопрос и ответы на него остаются версией.",
      ...secured,
      responses: streamResponses,
    }),
    validate("param", messageParams),
    requireSignature,
    jsonObjectBody,
    validate("json", editBody),
    (c) => {
      const { id, messageId } = c.req.valid("param");
      const { text, keep_as_is } = c.req.valid("json");
      return sendFromWeb(c, { kind: "existing", id }, { kind: "edit", messageId, text, keep: keep_as_is });
    },
  )
  .post(
    "/:id/continue/stream",
    describeRoute({
      tags: ["topics"],
      summary: "Продолжить прерванный ответ: весь ответ потоком",
      description: "Поток начинается с уже сказанного, затем новые слова; ответ остаётся тем же сообщением.",
      ...secured,
      responses: streamResponses,
    }),
    validate("param", topicParams),
    requireSignature,
    (c) => sendFromWeb(c, { kind: "existing", id: c.req.valid("param").id }, { kind: "continue" }),
  )
  .put(
    "/:id/branch",
    describeRoute({
      tags: ["topics"],
      summary: "Показать ветку через это сообщение",
      description: "Ниже сообщения — самая новая версия на каждом шаге. Отвечает новой историей.",
      ...secured,
      responses: {
        200: jsonOf("Message[]", z.array(messageSchema)),
        404: { description: "Чат или сообщение не найдено (или чужое)" },
        409: { description: "Дождитесь окончания ответа" },
        422: { description: "Нет message_id" },
      },
    }),
    validate("param", topicParams),
    requireUser,
    jsonObjectBody,
    validate("json", branchBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const db = getDb(c.env.DB);
      await switchBranch(c.env, db, c.var.user, id, c.req.valid("json").message_id);
      // The newest page of the new branch, as GET /topics/{id}/history/ gives it.
      const history = await loadOwnHistory(c.env, db, c.var.user, id, { limit: PAGES.defaultLimit });
      if (history.next) c.header(NEXT_CURSOR_HEADER, history.next);
      return c.json(
        await publicMessages(history, (attachmentId) =>
          signedAttachmentUrl(c.env, c.var.user.historyShard ?? 0, attachmentId),
        ),
        200,
      );
    },
  );
