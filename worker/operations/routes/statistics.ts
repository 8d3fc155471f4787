import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../accounts/middleware/auth";
import { dailyStatistics, daysBetween, feedbackCounts } from "../services/statistics";
import { validate } from "../../http/validate";
import { jsonOf, secured } from "../../http/openapi";
import { dailyStatsSchema, feedbackCountSchema } from "../schemas";

const MAX_DAYS = 366;

const isoDate = (what: string) =>
  z
    .string({ error: `Укажите ${what} (ГГГГ-ММ-ДД)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${what}: дата в виде ГГГГ-ММ-ДД` })
    .refine(
      (v) => {
        const t = Date.parse(v);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
      },
      { error: `${what}: такой даты нет` },
    );

const rangeQuery = z
  .object({ from: isoDate("from"), to: isoDate("to") })
  .refine((q) => q.from <= q.to, { error: "from не может быть позже to", path: ["from"] })
  .refine((q) => daysBetween(q.from, q.to) <= MAX_DAYS, { error: `Не больше ${MAX_DAYS} дней за раз`, path: ["to"] });

/** What every statistics call answers: the rows, or why not. */
const rangeAnswers = (shape: string, row: z.ZodType) => ({
  200: jsonOf(shape, z.array(row)),
  401: { description: "Нет или неверный токен" },
  403: { description: "Недостаточно прав" },
  422: { description: "Неверный диапазон дат" },
});

const feedbackShape = "[{assistant_type, model, up, down}]";
const rowShape = "[{date, new_users, active_users, topics, messages, requests_used, payments, revenue}]";

export const statistics = new Hono<AppEnv>()
  .get(
    "/common/daily",
    describeRoute({
      tags: ["admin"],
      summary: "Статистика по дням (только администратор)",
      description:
        `Московские дни с \`from\` по \`to\` включительно (не больше ${MAX_DAYS}), каждый день — ` +
        `строка, и пустые тоже. \`active_users\` — сколько разных пользователей писали в этот день; ` +
        `\`requests_used\` — списанные и не возвращённые запросы; \`payments\` и \`revenue\` (рубли) — успешные ` +
        `платежи, возвращённые не считаются. Ответ: ${rowShape}.`,
      ...secured,
      responses: rangeAnswers(rowShape, dailyStatsSchema),
    }),
    requireAdmin,
    validate("query", rangeQuery),
    async (c) => {
      const { from, to } = c.req.valid("query");
      return c.json(await dailyStatistics(getDb(c.env.DB), from, to), 200);
    },
  )
  .get(
    "/feedback",
    describeRoute({
      tags: ["admin"],
      summary: "Оценки ответов по режимам и моделям (только администратор)",
      description:
        `Оценки 👍/👎, поставленные (или изменённые) в московские дни с \`from\` по \`to\` включительно, ` +
        `по режиму и модели, ответившей на вопрос. Ответ: ${feedbackShape}.`,
      ...secured,
      responses: rangeAnswers(feedbackShape, feedbackCountSchema),
    }),
    requireAdmin,
    validate("query", rangeQuery),
    async (c) => {
      const { from, to } = c.req.valid("query");
      return c.json(await feedbackCounts(getDb(c.env.DB), from, to), 200);
    },
  );
