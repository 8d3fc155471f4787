import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import { userHistory } from "../../db/history";
import type { AppEnv } from "../../env";
import { jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { requireUser } from "../../accounts/middleware/auth";
import { searchHitSchema } from "../schemas";
import { searchTopics } from "../search/search";
import { queryStems } from "../search/words";

/** A longer query is a paste, not a search. */
export const SEARCH_QUERY_MAX_CHARS = 200;

export const SEARCH_TEXTS = {
  empty: "Введите, что найти",
  tooLong: `Запрос должен быть не длиннее ${SEARCH_QUERY_MAX_CHARS} символов`,
  noWords: "В запросе нет слов: введите слова, которые нужно найти",
} as const;

const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_TEXTS.empty })
    .trim()
    .min(1, { error: SEARCH_TEXTS.empty })
    .max(SEARCH_QUERY_MAX_CHARS, { error: SEARCH_TEXTS.tooLong })
    .refine((q) => queryStems(q).length > 0, { error: SEARCH_TEXTS.noWords }),
});

/** Search over the caller's chats (docs/conversations.md "Search"). */
export const topicSearch = new Hono<AppEnv>().get(
  "/search",
  describeRoute({
    tags: ["topics"],
    summary: "Поиск по названиям и сообщениям своих чатов",
    description:
      "Все режимы, архив тоже (status). Регистр и ё/е не важны, формы слова находят друг друга. Лучшие сначала, не " +
      "больше 20; совпадения в snippet — <mark>…</mark>.",
    ...secured,
    responses: {
      200: jsonOf("SearchHit[]", z.array(searchHitSchema)),
      422: { description: "Пустой, слишком длинный запрос или запрос без слов" },
    },
  }),
  requireUser,
  validate("query", searchQuery),
  async (c) => {
    const history = userHistory(c.env, c.var.user);
    return c.json(
      await searchTopics(getDb(c.env.DB), history, c.env.EXTRACTOR, c.var.userId, c.req.valid("query").q),
      200,
    );
  },
);
