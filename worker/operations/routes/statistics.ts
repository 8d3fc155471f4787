import { Hono } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../accounts/middleware/auth";
import { dailyStatistics, daysBetween, feedbackCounts } from "../services/statistics";
import { costStatistics, TOP_COUNT } from "../services/cost-statistics";
import { costsCsv } from "../services/cost-csv";
import { costStatisticsSchema } from "../schemas";
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

const rangeFields = { from: isoDate("from"), to: isoDate("to") };
const checkedRange = <T extends z.ZodObject<typeof rangeFields>>(query: T) =>
  query
    .refine((q) => q.from <= q.to, { error: "from не может быть позже to", path: ["from"] })
    .refine((q) => daysBetween(q.from, q.to) <= MAX_DAYS, {
      error: `Не больше ${MAX_DAYS} дней за раз`,
      path: ["to"],
    });
const rangeQuery = checkedRange(z.object(rangeFields));
const costsQuery = checkedRange(
  z.object({
    ...rangeFields,
    format: z.enum(["json", "csv"], { error: "format: json или csv" }).optional(),
  }),
);

/** Why a statistics call answers no rows. */
const rangeRefusals = {
  401: { description: "Нет или неверный токен" },
  403: { description: "Недостаточно прав" },
  422: { description: "Неверный диапазон дат" },
};
const rangeAnswers = (shape: string, row: z.ZodType) => ({ 200: jsonOf(shape, z.array(row)), ...rangeRefusals });

const feedbackShape = "[{assistant_type, model, up, down}]";
const costsShape = "{rows: CostRow[], top_users: CostlyUser[], top_chats: CostlyChat[]}";
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
  )
  .get(
    "/costs",
    describeRoute({
      tags: ["admin"],
      summary: "Стоимость запросов, выручка и маржа (только администратор)",
      description:
        `Московские дни с \`from\` по \`to\` включительно (не больше ${MAX_DAYS}): строки по дню, режиму, модели и ` +
        "пакету — `requests_used`, `model_cost` (рубли, по ценам AI_PRICES в момент ответа), сколько ответов " +
        "с обрезанным контекстом (`context_cut`) и упёрлись в лимит ответа (`output_limited`); продажи — строки " +
        "без режима и модели с `requests_sold` и `revenue` (успешные платежи); `margin` = `revenue` − " +
        `\`model_cost\`. И ${TOP_COUNT} самых дорогих пользователей и чатов периода. \`format=csv\` — строки ` +
        "для бухгалтерии: text/csv в UTF-8 с BOM, разделитель «;», десятичная запятая.",
      ...secured,
      responses: {
        ...rangeRefusals,
        200: {
          description: costsShape,
          content: {
            "application/json": { schema: resolver(costStatisticsSchema) },
            "text/csv": { schema: { type: "string" } },
          },
        },
      },
    }),
    requireAdmin,
    validate("query", costsQuery),
    async (c) => {
      const { from, to, format } = c.req.valid("query");
      const statistics = await costStatistics(getDb(c.env.DB), from, to);
      if (format !== "csv") return c.json(statistics, 200);
      return c.body(costsCsv(statistics.rows), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="costs-${from}-${to}.csv"`,
      });
    },
  );
