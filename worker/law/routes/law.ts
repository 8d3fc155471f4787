import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { requireAdmin, requireUser } from "../../accounts/middleware/auth";
import { getDb } from "../../db/client";
import { lawDb } from "../../db/law";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { jsonOf, secured } from "../../http/openapi";
import { enforceRateLimits } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { actContentsSchema, articleSchema, citationCheckSchema, importReportSchema } from "../schemas";
import { articleAt, moscowToday } from "../services/articles";
import { resolveCitations } from "../services/citations";
import { actContents } from "../services/contents";
import { LawImportError } from "../services/errors";
import { importAct } from "../services/import";
import { readActFile } from "../services/read-file";

export const LAW_TEXTS = {
  file: "Выберите файл с текстом акта (поле file)",
  act: "act: краткое название акта, например «ГК РФ»",
  date: "Дата в формате ГГГГ-ММ-ДД",
  tooLarge: "Файл акта больше 30 МБ",
  checkText: "text: текст, в котором проверить ссылки на законы",
  checkTooLong: "Текст для проверки длиннее 100 000 символов",
} as const;

/** The longest text `POST /law/citations/check` reads: a long contract or a letter with room to spare. */
export const CHECK_MAX_CHARS = 100_000;

// A whole code as HTML is a few megabytes; room for the biggest with their markup.
const IMPORT_MAX_BYTES = 30 * 1024 * 1024;

const day = z.iso.date({ error: LAW_TEXTS.date });

const importForm = z.object({
  file: z.instanceof(File, { error: LAW_TEXTS.file }).meta({ type: "string", format: "binary" }),
  act: z.string({ error: LAW_TEXTS.act }).trim().min(1, { error: LAW_TEXTS.act }).max(100, { error: LAW_TEXTS.act }),
  in_force_from: day,
  title: z.string().trim().min(1).max(500).optional(),
});

const checkBody = z.object({
  text: z.string({ error: LAW_TEXTS.checkText }).max(CHECK_MAX_CHARS, { error: LAW_TEXTS.checkTooLong }),
  date: day.optional(),
});

const articleParams = z.object({
  act: z.string().min(1).max(100),
  article: z.string().regex(/^\d+(\.\d+)*$/, { error: "Номер статьи: цифры и точки, например 1062.1" }),
});

/** The law library (docs/law.md "The library"). */
export const law = new Hono<AppEnv>()
  .post(
    "/import",
    describeRoute({
      tags: ["law"],
      summary: "Импорт редакции акта: текст, HTML или DOCX с заголовками «Статья N.» (админ)",
      description:
        "multipart: `file`, `act` (краткое название, «ГК РФ»), `in_force_from` (ГГГГ-ММ-ДД), `title` (необязательно). " +
        "Изменённые статьи получают новую редакцию с этой даты, прежняя закрывается; тот же файл дважды ничего не меняет.",
      ...secured,
      responses: {
        200: jsonOf(
          "Что найдено: статьи, изменённые, неизменные, утратившие силу, нераспознанные строки",
          importReportSchema,
        ),
        403: { description: "Только для администраторов" },
        413: { description: LAW_TEXTS.tooLarge },
        422: {
          description: "Нет файла, акта или даты; файл не текст, HTML или DOCX; в нём нет статей; редакция старше",
        },
      },
    }),
    requireAdmin,
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES,
      onError: () => {
        throw new ApiError(413, LAW_TEXTS.tooLarge);
      },
    }),
    validate("form", importForm),
    async (c) => {
      const form = c.req.valid("form");
      try {
        const text = await readActFile(c.env, new Uint8Array(await form.file.arrayBuffer()));
        const report = await importAct(lawDb(c.env.LAW_DB), {
          act: form.act,
          title: form.title,
          inForceFrom: form.in_force_from,
          text,
        });
        return c.json(report, 200);
      } catch (err) {
        if (err instanceof LawImportError) throw new ApiError(422, err.message);
        throw err;
      }
    },
  )
  .post(
    "/citations/check",
    describeRoute({
      tags: ["law"],
      summary:
        "Проверка ссылок на законы в тексте: каждая статья — действует, утратила силу, нет такой, акт не в библиотеке",
      description:
        "`text` — до 100 000 символов, `date` — ГГГГ-ММ-ДД, на которую проверять (по умолчанию — сегодня по Москве). " +
        "Диапазон («статьями 309–310») даёт по одной записи на статью. Не больше 30 проверок в минуту.",
      ...secured,
      responses: {
        200: jsonOf("Найденные ссылки с их статусом на дату", citationCheckSchema),
        422: { description: "Нет текста, текст длиннее 100 000 символов или дата не в формате ГГГГ-ММ-ДД" },
        429: { description: "Слишком много проверок: повторите позже" },
      },
    }),
    requireUser,
    async (c, next) => {
      await enforceRateLimits(getDb(c.env.DB), c.env, [["lawCheckPerUser", String(c.var.userId)]]);
      await next();
    },
    validate("json", checkBody),
    async (c) => {
      const { text, date } = c.req.valid("json");
      const citations = await resolveCitations(lawDb(c.env.LAW_DB), text, date ?? moscowToday());
      return c.json({ citations }, 200);
    },
  )
  .get(
    "/:act",
    describeRoute({
      tags: ["law"],
      summary: "Оглавление акта: его статьи по порядку с разделами и главами",
      description: "`act` — краткое название («ГК РФ»). Заголовок и отметка «утратила силу» — по действующей редакции.",
      ...secured,
      responses: {
        200: jsonOf("Название акта, отметка демо-выдержек и статьи по порядку", actContentsSchema),
        404: { description: "Акт не найден в библиотеке" },
      },
    }),
    requireUser,
    validate("param", z.object({ act: articleParams.shape.act })),
    async (c) => c.json(await actContents(lawDb(c.env.LAW_DB), c.req.valid("param").act), 200),
  )
  .get(
    "/:act/:article",
    describeRoute({
      tags: ["law"],
      summary: "Статья акта в редакции на дату (по умолчанию — сегодня по Москве)",
      description: "`act` — краткое название («ГК РФ»), `article` — номер («1062.1»), `date` — ГГГГ-ММ-ДД.",
      ...secured,
      responses: {
        200: jsonOf("Текст статьи, её статус на дату и все редакции", articleSchema),
        404: { description: "Акт не найден в библиотеке, статья не найдена или ещё не действовала" },
        422: { description: "Дата не в формате ГГГГ-ММ-ДД" },
      },
    }),
    requireUser,
    validate("param", articleParams),
    validate("query", z.object({ date: day.optional() })),
    async (c) => {
      const { act, article } = c.req.valid("param");
      const date = c.req.valid("query").date ?? moscowToday();
      return c.json(await articleAt(lawDb(c.env.LAW_DB), act, article, date), 200);
    },
  );
