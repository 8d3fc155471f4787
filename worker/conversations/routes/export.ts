import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { secured } from "../../http/openapi";
import { pathId } from "../../http/params";
import { validate } from "../../http/validate";
import { requireUser } from "../../accounts/middleware/auth";
import { exportTopicMarkdown } from "../services/export";

const exportQuery = z.object({
  format: z.literal("md", { error: "Формат выгрузки: md" }).default("md"),
});

/** `filename` for an ASCII-only reader, `filename*` (RFC 6266/5987) with the real, Cyrillic name. */
const attachmentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "'")}"; ` +
  `filename*=UTF-8''${encodeURIComponent(filename)}`;

/** A topic to take away (docs/conversations.md "Export"). */
export const topicExport = new Hono<AppEnv>().get(
  "/:id/export",
  describeRoute({
    tags: ["topics"],
    summary: "Выгрузить чат в Markdown",
    description:
      "Файл для скачивания с названием чата: заголовок, режим и дата, затем сообщения по порядку («Вы» и «Ясно»).",
    ...secured,
    responses: {
      200: { description: "text/markdown", content: { "text/markdown": { schema: { type: "string" } } } },
      404: { description: "Чат не найден (или чужой)" },
      422: { description: "Неизвестный формат" },
    },
  }),
  validate("param", z.object({ id: pathId })),
  requireUser,
  validate("query", exportQuery),
  async (c) => {
    const { filename, markdown } = await exportTopicMarkdown(
      c.env,
      getDb(c.env.DB),
      c.var.user,
      c.req.valid("param").id,
    );
    return c.body(markdown, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": attachmentDisposition(filename),
      "cache-control": "private, no-store",
    });
  },
);
