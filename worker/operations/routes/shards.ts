import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { flag } from "../../http/fields";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonObjectBody } from "../../http/bulk-target";
import { jsonOf, secured } from "../../http/openapi";
import { pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../accounts/middleware/auth";
import { addShard, listShards, setShardOpen, type ShardRow } from "../services/shards";

const shardId = z
  .number({ error: "id: номер базы истории" })
  .int({ error: "id: целое число" })
  .min(0, { error: "id не меньше 0" })
  .max(1000, { error: "id не больше 1000" });
const shardParams = z.object({ id: pathId });

const shardSchema = z.strictObject({ id: z.int(), open: z.boolean(), users: z.int() }).meta({ id: "HistoryShard" });
const directorySchema = z
  .strictObject({
    shards: z.array(z.strictObject({ id: z.int(), open: z.boolean(), users: z.int(), bound: z.boolean() })),
    unlisted: z.array(z.int()),
  })
  .meta({ id: "HistoryShards" });

const publicShard = (row: ShardRow) => ({ id: row.id, open: row.open, users: row.users });
const adminOnly = { 403: { description: "Только для администраторов" } };

/** The directory of history shards (docs/scale.md "History shards"; `npm run admin -- shards`). */
export const shards = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      tags: ["admin"],
      summary: "Базы истории: каталог и подключённые к Worker (админ)",
      description: "`unlisted` — подключённые базы, которых ещё нет в каталоге.",
      ...secured,
      responses: { 200: jsonOf("HistoryShards", directorySchema), ...adminOnly },
    }),
    requireAdmin,
    async (c) => c.json(await listShards(c.env, getDb(c.env.DB)), 200),
  )
  .post(
    "/",
    describeRoute({
      tags: ["admin"],
      summary: "Добавить базу истории: новые пользователи пойдут в неё (админ)",
      description:
        "База должна быть подключена к Worker (HISTORY_<id>) и иметь таблицы (migrations/history). Никто не " +
        "переезжает.",
      ...secured,
      responses: {
        201: jsonOf("HistoryShard", shardSchema),
        ...adminOnly,
        409: { description: "Такая база уже в каталоге" },
        422: { description: "База не подключена или без таблиц" },
      },
    }),
    requireAdmin,
    jsonObjectBody,
    validate("json", z.object({ id: shardId })),
    async (c) => c.json(publicShard(await addShard(c.env, getDb(c.env.DB), c.req.valid("json").id)), 201),
  )
  .patch(
    "/:id",
    describeRoute({
      tags: ["admin"],
      summary: "Открыть или закрыть базу истории для новых пользователей (админ)",
      description: "Её пользователи остаются в ней и продолжают писать.",
      ...secured,
      responses: {
        200: jsonOf("HistoryShard", shardSchema),
        ...adminOnly,
        404: { description: "Нет такой базы в каталоге" },
        409: { description: "Это последняя открытая база" },
      },
    }),
    validate("param", shardParams),
    requireAdmin,
    jsonObjectBody,
    validate("json", z.object({ open: flag("open") })),
    async (c) =>
      c.json(publicShard(await setShardOpen(getDb(c.env.DB), c.req.valid("param").id, c.req.valid("json").open)), 200),
  );
