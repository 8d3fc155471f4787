import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../accounts/middleware/auth";
import { validate } from "../../http/validate";
import { typedEmail } from "../../http/fields";
import { jsonOf, secured } from "../../http/openapi";
import { sentMailSchema } from "../schemas";

const OUTBOX_PAGE = 20;

export const mail = new Hono<AppEnv>().get(
  "/outbox",
  describeRoute({
    tags: ["admin"],
    summary: "Последние письма на адрес (только администратор)",
    ...secured,
    responses: {
      200: jsonOf("[{id, to, subject, text, created_at}], новые первыми", z.array(sentMailSchema)),
      403: { description: "Недостаточно прав" },
    },
  }),
  requireAdmin,
  validate(
    "query",
    z.object({
      to: typedEmail(),
    }),
  ),
  async (c) => {
    const { to } = c.req.valid("query");
    const rows = await getDb(c.env.DB)
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(OUTBOX_PAGE);
    return c.json(
      rows.map(({ createdAt, ...row }) => ({ ...row, created_at: new Date(createdAt).toISOString() })),
      200,
    );
  },
);
