import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { planSchema } from "../../../billing/schemas";
import { listPlans, publicPlan } from "../../../billing/services/plans";
import { getDb } from "../../../db/client";
import type { AppEnv } from "../../../env";
import { jsonOf } from "../../../http/openapi";
import { internalSecured } from "./shared";

/** The plans a bot offers: those users see on the web, cheapest first (the web's list is behind a user's token). */
export const internalPlans = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    tags: ["internal"],
    summary: "Тарифы для пользователей бота (видимые, от дешёвого к дорогому)",
    ...internalSecured,
    responses: {
      200: jsonOf("Plan[]", z.array(planSchema)),
      401: { description: "Нет или неверный internal-token" },
    },
  }),
  async (c) => c.json((await listPlans(getDb(c.env.DB), { all: false })).map(publicPlan), 200),
);
