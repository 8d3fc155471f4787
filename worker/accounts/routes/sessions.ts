import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { jsonOf, secured } from "../../http/openapi";
import { validate } from "../../http/validate";
import { requireUser } from "../middleware/auth";
import { sessionInfoSchema } from "../schemas";
import { endOtherSessions, endSession, listSessions } from "../services/session-list";

// The account's sign-ins (docs/accounts.md "Sessions"): the list, ending one, ending all but this one.
/** A sign-in session's id (a UUID); any other string names no session: 404, as one of another user's. */
const sessionIdParam = z
  .string()
  .meta({ format: "uuid" })
  .refine((id) => z.uuid().safeParse(id).success, { params: { notFound: true } });

// Each end is written to D1 and to KV, so the ended sessions' access tokens stop at their next request.
export const sessionRoutes = new Hono<AppEnv>()
  .get(
    "/self/sessions",
    describeRoute({
      tags: ["users"],
      summary: "Активные сеансы",
      description: "Устройство, страна по IP и последнее использование (вход или обновление токенов); текущий отмечен.",
      ...secured,
      responses: { 200: jsonOf("Сеансы, последний использованный первым", z.array(sessionInfoSchema)) },
    }),
    requireUser,
    async (c) => c.json(await listSessions(getDb(c.env.DB), c.var.userId, c.var.token.sid), 200),
  )
  .delete(
    "/self/sessions",
    describeRoute({
      tags: ["users"],
      summary: "Завершить другие сеансы",
      description: "Завершает все сеансы пользователя, кроме текущего: их токены перестают действовать.",
      ...secured,
      responses: { 200: jsonOf("Сколько сеансов завершено", z.strictObject({ ended: z.int() })) },
    }),
    requireUser,
    async (c) => {
      const ended = await endOtherSessions(getDb(c.env.DB), c.env.KV, c.var.userId, c.var.token.sid);
      return c.json({ ended }, 200);
    },
  )
  .delete(
    "/self/sessions/:sessionId",
    describeRoute({
      tags: ["users"],
      summary: "Завершить сеанс",
      description: "Завершает один сеанс пользователя (и текущий тоже: это выход).",
      ...secured,
      responses: { 204: { description: "Сеанс завершён" }, 404: { description: "Сеанс не найден" } },
    }),
    requireUser,
    validate("param", z.object({ sessionId: sessionIdParam })),
    async (c) => {
      await endSession(getDb(c.env.DB), c.env.KV, c.var.userId, c.req.valid("param").sessionId);
      return c.body(null, 204);
    },
  );
