import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { attachmentFileResponse, shareAttachmentUrl } from "../services/attachments";
import { loadSharedHistory, sharedMessages, sharedTopicName } from "../services/history";
import { edgeCache, findSharedAttachment, SHARE_EDGE_MAX_AGE_SECONDS, SHARE_HASH_PATTERN, SHARE_NOT_FOUND, sharedHistoryCacheKey } from "../services/share";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { anonymous, jsonOf } from "../../http/openapi";
import { sharedHistorySchema, type SharedHistory } from "../schemas";

const checkedHash = (hash: string) => {
  if (!SHARE_HASH_PATTERN.test(hash)) throw ApiError.notFound(SHARE_NOT_FOUND);
  return hash;
};

// The edge keeps its copy for SHARE_EDGE_MAX_AGE_SECONDS; browsers revalidate every time, so a
// purge (rename, new message, revoke) shows at the next load.
const CLIENT_CACHE_CONTROL = "no-cache";
/** On the edge's copy of a shared history: when the link stops working (Unix ms). */
const EXPIRES_HEADER = "x-share-expires-at";

export const share = new Hono<AppEnv>()
  .get(
    "/topic/history/:hash",
    describeRoute({
      ...anonymous,
      tags: ["share"],
      summary: "История чата по ссылке (без авторизации)",
      description: `Через кэш на границе сети (до ${SHARE_EDGE_MAX_AGE_SECONDS} с; сбрасывается при изменении чата и отзыве ссылки).`,
      responses: {
        200: jsonOf("{topic_name, assistant_type, messages}", sharedHistorySchema),
        404: { description: "Ссылка недействительна, отозвана или истекла" },
      },
    }),
    async (c) => {
      const hash = checkedHash(c.req.param("hash"));
      const cache = edgeCache();
      const key = sharedHistoryCacheKey(c.env, hash);
      const hit = await cache.match(key);
      // A link that expires is never answered from the edge past its end (the copy says when).
      const expired = (res: Response) => Number(res.headers.get(EXPIRES_HEADER) ?? Number.POSITIVE_INFINITY) <= Date.now();
      // Answered through c.json like a miss, so the route has one response type for the web client.
      if (hit && !expired(hit)) return c.json(await hit.json<SharedHistory>(), 200, { "Cache-Control": CLIENT_CACHE_CONTROL });
      const history = await loadSharedHistory(c.env, getDb(c.env.DB), hash);
      const body: SharedHistory = {
        topic_name: await sharedTopicName(c.env, history),
        assistant_type: history.topic.assistantType,
        messages: await sharedMessages(history, (attachmentId) => shareAttachmentUrl(hash, attachmentId)),
      };
      const expiresAt = history.topic.shareExpiresAt;
      const maxAge = expiresAt === null ? SHARE_EDGE_MAX_AGE_SECONDS : Math.min(SHARE_EDGE_MAX_AGE_SECONDS, Math.floor((expiresAt - Date.now()) / 1000));
      const headers: Record<string, string> = { "Cache-Control": `public, max-age=${Math.max(0, maxAge)}` };
      if (expiresAt !== null) headers[EXPIRES_HEADER] = String(expiresAt);
      // Awaited, not waitUntil: a purge that follows this answer must find the entry to drop.
      if (maxAge > 0) await cache.put(key, Response.json(body, { headers }));
      return c.json(body, 200, { "Cache-Control": CLIENT_CACHE_CONTROL });
    },
  )
  .get(
    "/:hash/attachments/:id{[0-9]+}",
    describeRoute({
      ...anonymous,
      tags: ["share"],
      summary: "Вложение чата, открытого по ссылке",
      description: "Только вложения сообщений этого чата; иначе 404.",
      responses: { 200: { description: "Байты файла" }, 404: { description: "Вложение не найдено" } },
    }),
    validate("param", z.object({ hash: z.string(), id: pathId })),
    async (c) => {
      const { hash, id } = c.req.valid("param");
      const attachment = await findSharedAttachment(c.env, getDb(c.env.DB), checkedHash(hash), id);
      const res = await attachmentFileResponse(c.env, attachment);
      // Revoking the link must close the file too: no long browser copy.
      res.headers.set("Cache-Control", "private, no-cache");
      return res;
    },
  );
