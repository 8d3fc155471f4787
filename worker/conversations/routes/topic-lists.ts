import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { pathWord } from "../../http/params";
import { requireUser } from "../../accounts/middleware/auth";
import { groupByDay, isTimeZone, listTopics, parseTopicCursor } from "../services/topics";
import { NEXT_CURSOR_HEADER, PAGES } from "../../settings";
import { PAGE_TEXTS, pageQuery } from "../../http/pages";
import { validate } from "../../http/validate";
import { ApiError } from "../../http/errors";
import { jsonOf, secured } from "../../http/openapi";
import { topicGroupSchema } from "../schemas";
import { topicStatus, topicType } from "../fields";

const listParams = z.object({ status: pathWord(/^[a-z]+$/, topicStatus), type: pathWord(/^[a-z]+$/, topicType) });
const listQuery = z.object({
  topics_type: topicType.optional(),
  folder_id: z
    .string()
    .regex(/^[0-9]{0,15}$/, { error: "folder_id должен быть целым неотрицательным числом" })
    .optional(),
  tz: z
    .string()
    .max(64)
    .refine((tz) => tz === "" || isTimeZone(tz), { error: "Неизвестный часовой пояс" })
    .optional(),
  ...pageQuery,
  cursor: pageQuery.cursor.refine((text) => !text || parseTopicCursor(text), { error: PAGE_TEXTS.cursor }),
});
const DEFAULT_TIME_ZONE = "Europe/Moscow";
const TOPICS_TYPE_MISMATCH = "topics_type должен совпадать с типом в пути";

/** `GET /topics/{status}/{type}`: a page of the caller's topics, grouped by day (docs/conversations.md). */
export const topicLists = new Hono<AppEnv>().get(
  "/:status/:type",
  describeRoute({
    tags: ["topics"],
    summary: "Чаты, сгруппированные по дням",
    description:
      "Сначала закреплённые (`date: null`), затем группы по дню последней активности в часовом поясе `tz` (IANA, " +
      "по умолчанию Europe/Moscow), новые сверху. `folder_id`: без него все чаты, `0` только вне папок, иначе " +
      "чаты этой папки." +
      " `topics_type` необязателен и должен совпадать с типом в пути.",
    ...secured,
    responses: {
      200: jsonOf("[{date, topics}]", z.array(topicGroupSchema)),
      404: { description: "Папка не найдена" },
      422: { description: "Неверный статус, тип, папка или часовой пояс; topics_type не совпадает с типом в пути" },
    },
  }),
  requireUser,
  validate("param", listParams),
  validate("query", listQuery),
  async (c) => {
    const { status, type } = c.req.valid("param");
    const { topics_type, folder_id, tz, limit, cursor } = c.req.valid("query");
    // The path names the list; a query type that names another one is a client's mistake, not a filter.
    if (topics_type && topics_type !== type) {
      throw new ApiError(422, [{ loc: ["query", "topics_type"], msg: TOPICS_TYPE_MISMATCH, type: "value_error" }]);
    }
    const filter = { status, type, folderId: folder_id ? Number(folder_id) : undefined };
    const page = { limit: limit ?? PAGES.defaultLimit, after: cursor ? parseTopicCursor(cursor) : undefined };
    const { rows, next } = await listTopics(getDb(c.env.DB), c.var.userId, filter, page);
    if (next) c.header(NEXT_CURSOR_HEADER, next);
    return c.json(groupByDay(rows, tz || DEFAULT_TIME_ZONE), 200);
  },
);
