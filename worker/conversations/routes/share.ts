import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { attachmentFileResponse } from "../services/attachments";
import { findSharedAttachment, SHARE_EDGE_MAX_AGE_SECONDS, SHARE_HASH_PATTERN, SHARE_NOT_FOUND } from "../services/share";
import { readSharedHistory } from "../services/shared-history";
import { validate } from "../../http/validate";
import { pathId } from "../../http/params";
import { anonymous, jsonOf } from "../../http/openapi";
import { perAddressLimit } from "../../http/address-rate-limit";
import { sharedHistorySchema } from "../schemas";

const checkedHash = (hash: string) => {
  if (!SHARE_HASH_PATTERN.test(hash)) throw ApiError.notFound(SHARE_NOT_FOUND);
  return hash;
};

// The edge keeps its copy for SHARE_EDGE_MAX_AGE_SECONDS; browsers revalidate every time, so a
// purge (rename, new message, revoke) shows at the next load.
const CLIENT_CACHE_CONTROL = "no-cache";

/** Anyone can read a share link: its JSON, page and files are limited per client address (wrangler.toml SHARE_READS). */
export const shareReadLimit = perAddressLimit((env) => env.SHARE_READS, 60);
const tooMany = { 429: { description: "Слишком много запросов с одного адреса" } };

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
        ...tooMany,
      },
    }),
    shareReadLimit,
    // Answered through c.json from the edge's copy too, so the route has one response type for the web client.
    async (c) => c.json(await readSharedHistory(c.env, c.req.param("hash")), 200, { "Cache-Control": CLIENT_CACHE_CONTROL }),
  )
  .get(
    "/:hash/attachments/:id{[0-9]+}",
    describeRoute({
      ...anonymous,
      tags: ["share"],
      summary: "Вложение чата, открытого по ссылке",
      description: "Только вложения сообщений этого чата; иначе 404.",
      responses: { 200: { description: "Байты файла" }, 404: { description: "Вложение не найдено" }, ...tooMany },
    }),
    shareReadLimit,
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
