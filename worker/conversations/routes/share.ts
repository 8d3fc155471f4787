import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { attachmentFileResponse } from "../services/attachments";
import {
  findSharedAttachment,
  SHARE_EDGE_MAX_AGE_SECONDS,
  SHARE_HASH_PATTERN,
  SHARE_NOT_FOUND,
} from "../services/share";
import { readSharedHistory } from "../services/shared-history";
import { sharedPage } from "../services/shared-pages";
import { parseMessageCursor } from "../services/history";
import { PAGE_TEXTS, pageQuery } from "../../http/pages";
import { NEXT_CURSOR_HEADER, PAGES } from "../../settings";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { anonymous, bodyOf, jsonOf } from "../../http/openapi";
import { perAddressLimit } from "../../http/address-rate-limit";
import { sharedHistorySchema } from "../schemas";

const checkedHash = (hash: string) => {
  if (!SHARE_HASH_PATTERN.test(hash)) throw ApiError.notFound(SHARE_NOT_FOUND);
  return hash;
};

// The edge keeps its copy for SHARE_EDGE_MAX_AGE_SECONDS; browsers revalidate every time, so a
// purge (rename, new message, revoke) shows at the next load.
const CLIENT_CACHE_CONTROL = "no-cache";

const isMessageCursor = (text: string | undefined) => !text || parseMessageCursor(text) !== undefined;
const messageCursor = pageQuery.cursor.refine(isMessageCursor, { error: PAGE_TEXTS.cursor });

/** Without `limit` and `cursor`, the whole history (as before pages); with either, a page from the first message. */
const shareHistoryQuery = z.object({ ...pageQuery, cursor: messageCursor });

/** Anyone can read a share link: its JSON, page and files are limited per client address (SHARE_READS). */
export const shareReadLimit = perAddressLimit((env) => env.SHARE_READS, 60);
const tooMany = { 429: { description: "Слишком много запросов с одного адреса" } };

export const share = new Hono<AppEnv>()
  .get(
    "/topic/history/:hash",
    describeRoute({
      ...anonymous,
      tags: ["share"],
      summary: "История чата по ссылке (без авторизации)",
      description: [
        `Через кэш на границе сети (до ${SHARE_EDGE_MAX_AGE_SECONDS} с;`,
        "сбрасывается при изменении чата и отзыве ссылки).",
        "Без `limit` и `cursor` — вся история; с ними — страница с начала чата: `limit` сообщений",
        "(по умолчанию 50, не больше 200) после сообщения `cursor`;",
        "курсор следующей страницы — в заголовке X-Next-Cursor, на последней его нет.",
      ].join(" "),
      responses: {
        200: jsonOf("{topic_name, assistant_type, messages}", sharedHistorySchema),
        404: { description: "Ссылка недействительна или отключена владельцем («Ссылка отключена владельцем»)" },
        410: { description: "Срок действия ссылки истёк" },
        422: { description: "Неверный limit или курсор" },
        ...tooMany,
      },
    }),
    shareReadLimit,
    validate("query", shareHistoryQuery),
    // Answered through c.json from the edge's copy too, so the route has one response type for the web client.
    async (c) => {
      const history = await readSharedHistory(c.env, c.req.param("hash"));
      const { limit, cursor } = c.req.valid("query");
      const headers = { "Cache-Control": CLIENT_CACHE_CONTROL };
      if (limit === undefined && cursor === undefined) return c.json(history, 200, headers);
      const after = cursor ? parseMessageCursor(cursor) : undefined;
      const page = sharedPage(history, { limit: limit ?? PAGES.defaultLimit, after });
      if (page.next) c.header(NEXT_CURSOR_HEADER, page.next);
      return c.json(page.history, 200, headers);
    },
  )
  .get(
    "/:hash/attachments/:id",
    describeRoute({
      ...anonymous,
      tags: ["share"],
      summary: "Вложение чата, открытого по ссылке",
      description: "Только вложения сообщений этого чата; иначе 404.",
      responses: {
        200: bodyOf("Байты файла, его тип", "*/*"),
        404: { description: "Вложение не найдено" },
        ...tooMany,
      },
    }),
    validate("param", z.object({ hash: z.string(), id: pathId })),
    shareReadLimit,
    async (c) => {
      const { hash, id } = c.req.valid("param");
      const attachment = await findSharedAttachment(c.env, getDb(c.env.DB), checkedHash(hash), id);
      const res = await attachmentFileResponse(c.env, attachment);
      // Revoking the link must close the file too: no long browser copy.
      res.headers.set("Cache-Control", "private, no-cache");
      return res;
    },
  );
