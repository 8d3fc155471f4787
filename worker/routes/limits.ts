import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { requireUser } from "../middleware/auth";
import { userLimits } from "../services/limits";

export const limits = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    tags: ["limits"],
    summary: "Запросы пользователя",
    description:
      "Действующие (не истёкшие) пакеты, первым тот, что истекает раньше. `available_requests` — сумма по счётным пакетам; при `is_unlimited: true` запросы не кончаются, что бы ни было в `available_requests`.",
    security: [{ jwt: [] }],
    responses: { 200: { description: "{available_requests, is_unlimited, limits: [...]}" }, 401: { description: "Нет или неверный токен" } },
  }),
  requireUser,
  async (c) => c.json(await userLimits(getDb(c.env.DB), c.var.userId), 200),
);
