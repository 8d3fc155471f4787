import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { wholeNumber } from "../../http/fields";
import { reindexPage } from "../../conversations/search/reindex";
import { getDb } from "../../db/client";
import { shardBinding } from "../../db/history";
import { ApiError } from "../../http/errors";
import { SHARD_TEXTS } from "../services/shards";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../accounts/middleware/auth";

const reindexBody = z.object({
  kind: z.enum(["names", "messages"]),
  after_id: wholeNumber("after_id").min(0, { error: "after_id не меньше 0" }).default(0),
  // The history shard whose messages are written again (kind "messages"); names go to each owner's.
  shard: wholeNumber("shard").min(0, { error: "shard не меньше 0" }).default(0),
});

const reindexAnswer = z
  .strictObject({ indexed: z.int(), next_after_id: z.int().nullable() })
  .meta({ id: "ReindexPage" });

/**
 * The search index written again, page by page (docs/operations.md "Search index"; `npm run admin -- search-reindex`).
 */
export const searchIndex = new Hono<AppEnv>().post(
  "/reindex",
  describeRoute({
    tags: ["admin"],
    summary: "Переписать поисковый индекс: следующая страница названий или сообщений (админ)",
    description:
      "Повторять с after_id = next_after_id, пока он не станет null; сообщения — для каждой базы истории (shard). " +
      "Можно запускать повторно.",
    ...secured,
    responses: {
      200: jsonOf("ReindexPage", reindexAnswer),
      403: { description: "Только для администраторов" },
      422: { description: "Неверный kind, after_id или shard" },
    },
  }),
  requireAdmin,
  jsonObjectBody,
  validate("json", reindexBody),
  async (c) => {
    const { kind, after_id, shard } = c.req.valid("json");
    if (!shardBinding(c.env, shard)) throw new ApiError(422, SHARD_TEXTS.notBound(shard));
    const page = await reindexPage(c.env, getDb(c.env.DB), kind, after_id, shard);
    return c.json({ indexed: page.indexed, next_after_id: page.nextAfterId }, 200);
  },
);
