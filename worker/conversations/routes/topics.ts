import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag, missingOr } from "../../http/fields";
import { getDb } from "../../db/client";
import { userHistory } from "../../db/history";
import { topicObject } from "../turn/topic-object";
import type { AppEnv } from "../../env";
import { pathId } from "../../http/params";
import { requireUser } from "../../accounts/middleware/auth";
import { deleteAttachmentObjects, signedAttachmentUrl } from "../services/attachments";
import { loadOwnHistory, parseMessageCursor, publicMessages } from "../services/history";
import { purgeShareHash, revokeShare, SHARE_LIFETIMES, type ShareLifetime, shareTopic } from "../services/share";
import {
  deleteTopic,
  findOwnTopic,
  publicTopic,
  renameTopic,
  setTopicPinned,
  setTopicStatus,
} from "../services/topics";
import { NEXT_CURSOR_HEADER, PAGES } from "../../settings";
import { PAGE_TEXTS, pageQuery } from "../../http/pages";
import { validate } from "../../http/validate";
import { jsonOf, secured } from "../../http/openapi";
import { messageSchema, shareLinkSchema, topicSchema } from "../schemas";
import { topicName } from "../fields";
import { logEvent } from "../../http/log";

const historyQuery = z.object({
  ...pageQuery,
  cursor: pageQuery.cursor.refine((text) => !text || parseMessageCursor(text) !== undefined, {
    error: PAGE_TEXTS.cursor,
  }),
});

export const renameBody = z.object({
  id: z
    .number(missingOr("Укажите id чата", "id чата должен быть числом"))
    .int({ error: "id чата должен быть целым числом" }),
  topic_name: topicName.min(1, { error: "Название чата не может быть пустым" }),
});

const idParams = z.object({ id: pathId });
const moveParams = z.object({ topicId: pathId, folderId: pathId });

const notFound = { 404: { description: "Чат не найден (или чужой)" } };
const topicAnswer = { 200: jsonOf("Topic", topicSchema), ...notFound };

const shareSettingsBody = z.object({
  expires_in: z
    .enum(Object.keys(SHARE_LIFETIMES) as [ShareLifetime, ...ShareLifetime[]], {
      error: "expires_in: 1d, 7d, 30d или never",
    })
    .optional(),
  reveal: flag("reveal").optional(),
});

export const topics = new Hono<AppEnv>()
  .get(
    "/:id",
    describeRoute({
      tags: ["topics"],
      summary: "Чат по id",
      description:
        "Для чата, которого нет на загруженных страницах списка (открыт по ссылке или из поиска): его название и " +
        "режим.",
      ...secured,
      responses: topicAnswer,
    }),
    validate("param", idParams),
    requireUser,
    async (c) => c.json(publicTopic(await findOwnTopic(getDb(c.env.DB), c.var.userId, c.req.valid("param").id)), 200),
  )
  .get(
    "/:id/history",
    describeRoute({
      tags: ["topics"],
      summary: "Сообщения чата, старые сверху",
      description:
        "Страница ветки на экране: последние `limit` сообщений (по умолчанию 50, не больше 200) до курсора " +
        "`cursor` (без него — до последнего), старые сверху. Курсор более ранней страницы — в заголовке " +
        "X-Next-Cursor; его нет на первой странице чата.",
      ...secured,
      responses: {
        200: jsonOf("Message[]", z.array(messageSchema)),
        ...notFound,
        422: { description: "Неверный limit или курсор" },
      },
    }),
    validate("param", idParams),
    requireUser,
    validate("query", historyQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { limit, cursor } = c.req.valid("query");
      const page = { limit: limit ?? PAGES.defaultLimit, before: cursor ? parseMessageCursor(cursor) : undefined };
      const history = await loadOwnHistory(c.env, getDb(c.env.DB), c.var.user, id, page);
      if (history.next) c.header(NEXT_CURSOR_HEADER, history.next);
      return c.json(
        await publicMessages(history, (attachmentId) =>
          signedAttachmentUrl(c.env, c.var.user.historyShard ?? 0, attachmentId),
        ),
        200,
      );
    },
  )
  .patch(
    "/",
    describeRoute({
      tags: ["topics"],
      summary: "Переименовать чат",
      ...secured,
      responses: { ...topicAnswer, 422: { description: "Пустое, слишком длинное или многострочное название" } },
    }),
    requireUser,
    validate("json", renameBody),
    async (c) => {
      const { id, topic_name } = c.req.valid("json");
      const row = await renameTopic(
        getDb(c.env.DB),
        userHistory(c.env, c.var.user),
        c.env.EXTRACTOR,
        c.var.userId,
        id,
        topic_name,
      );
      await purgeShareHash(c.env, row.shareHash);
      return c.json(publicTopic(row), 200);
    },
  )
  .delete(
    "/:id",
    describeRoute({
      tags: ["topics"],
      summary: "Удалить чат вместе с сообщениями и вложениями",
      ...secured,
      responses: { 204: { description: "Удалён" }, ...notFound },
    }),
    validate("param", idParams),
    requireUser,
    async (c) => {
      const { id } = c.req.valid("param");
      const db = getDb(c.env.DB);
      const topic = await findOwnTopic(db, c.var.userId, id);
      // A reply still running would save into a topic that is gone: stop it first; what it said is
      // saved, then deleted with the rest.
      await topicObject(c.env, topic).stop();
      const { r2Keys, shareHash } = await deleteTopic(db, userHistory(c.env, c.var.user), c.var.userId, id);
      c.executionCtx.waitUntil(
        deleteAttachmentObjects(c.env, r2Keys).catch((err) =>
          logEvent("error", "topic attachments delete failed", { topic_id: id, err }),
        ),
      );
      await purgeShareHash(c.env, shareHash);
      return c.body(null, 204);
    },
  )
  .post(
    "/:id/archive",
    describeRoute({ tags: ["topics"], summary: "В архив", ...secured, responses: topicAnswer }),
    validate("param", idParams),
    requireUser,
    async (c) =>
      c.json(
        publicTopic(await setTopicStatus(getDb(c.env.DB), c.var.userId, c.req.valid("param").id, "archived")),
        200,
      ),
  )
  .delete(
    "/:id/archive",
    describeRoute({ tags: ["topics"], summary: "Вернуть из архива", ...secured, responses: topicAnswer }),
    validate("param", idParams),
    requireUser,
    async (c) =>
      c.json(publicTopic(await setTopicStatus(getDb(c.env.DB), c.var.userId, c.req.valid("param").id, "active")), 200),
  )
  .post(
    "/:id/share",
    describeRoute({
      tags: ["share"],
      summary: "Поделиться чатом",
      description:
        "Отвечает `{hash, expires_at, reveal}`; повторный вызов возвращает ту же ссылку. Необязательное тело " +
        "`{expires_in: 1d|7d|30d|never, reveal}`: срок ссылки (от этого момента) и показывать ли читателям скрытые " +
        "от модели персональные данные (по умолчанию — нет, они видят подстановки). Читать: `GET " +
        "/share/topic/history/{hash}` без авторизации.",
      ...secured,
      responses: {
        200: jsonOf("{hash, expires_at, reveal}", shareLinkSchema),
        ...notFound,
        422: { description: "Неверный срок или reveal" },
      },
    }),
    validate("param", idParams),
    requireUser,
    validate("json", shareSettingsBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { expires_in, reveal } = c.req.valid("json");
      const link = await shareTopic(getDb(c.env.DB), c.var.userId, id, { expiresIn: expires_in, reveal });
      // Readers must meet the new settings at once, not the edge's copy.
      await purgeShareHash(c.env, link.hash);
      return c.json(link, 200);
    },
  )
  .delete(
    "/:id/share",
    describeRoute({
      tags: ["share"],
      summary: "Отозвать ссылку на чат",
      ...secured,
      responses: { 204: { description: "Ссылка больше не работает" }, ...notFound },
    }),
    validate("param", idParams),
    requireUser,
    async (c) => {
      const hash = await revokeShare(getDb(c.env.DB), c.var.userId, c.req.valid("param").id);
      await purgeShareHash(c.env, hash);
      return c.body(null, 204);
    },
  )
  .post(
    "/pin/:topicId/:folderId",
    describeRoute({
      tags: ["topics"],
      summary: "Закрепить чат",
      description: "`folderId` — папка чата или `0`; ненулевой `folderId` должен быть папкой этого чата.",
      ...secured,
      responses: topicAnswer,
    }),
    validate("param", moveParams),
    requireUser,
    async (c) => {
      const { topicId, folderId } = c.req.valid("param");
      return c.json(publicTopic(await setTopicPinned(getDb(c.env.DB), c.var.userId, topicId, folderId, true)), 200);
    },
  )
  .delete(
    "/pin/:topicId/:folderId",
    describeRoute({ tags: ["topics"], summary: "Открепить чат", ...secured, responses: topicAnswer }),
    validate("param", moveParams),
    requireUser,
    async (c) => {
      const { topicId, folderId } = c.req.valid("param");
      return c.json(publicTopic(await setTopicPinned(getDb(c.env.DB), c.var.userId, topicId, folderId, false)), 200);
    },
  );
