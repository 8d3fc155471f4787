import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { recordSignal } from "../../services/bot-users";
import { validate } from "../../../http/validate";
import { BOT_PATH, botParams, botUserMissing, internalSecured } from "./shared";

const PAYLOAD_MAX_CHARS = 4000;
const signalBody = z.object({
  kind: z
    .string({ error: "Укажите kind: start, block, unblock…" })
    .trim()
    .min(1, { error: "Укажите kind: start, block, unblock…" })
    .max(32, { error: "kind — не длиннее 32 символов" })
    .regex(/^[a-z_]+$/, { error: "kind: строчные латинские буквы и подчёркивание" }),
  payload: z
    .unknown()
    .refine((p) => p === undefined || JSON.stringify(p).length <= PAYLOAD_MAX_CHARS, {
      error: `payload — не больше ${PAYLOAD_MAX_CHARS} символов JSON`,
    })
    .optional(),
});

export const internalSignals = new Hono<AppEnv>().post(
  BOT_PATH,
  describeRoute({
    tags: ["internal"],
    summary: "Событие бота: start, block, unblock…",
    description: "Записывается и для аккаунта бота, у которого ещё нет пользователя (например, блокировка до /start).",
    ...internalSecured,
    responses: { 204: { description: "Записано" }, 401: botUserMissing[401], 422: { description: "Неверное событие" } },
  }),
  validate("param", botParams),
  validate("json", signalBody),
  async (c) => {
    const { provider, externalId } = c.req.valid("param");
    await recordSignal(getDb(c.env.DB), provider, externalId, c.req.valid("json"));
    return c.body(null, 204);
  },
);
