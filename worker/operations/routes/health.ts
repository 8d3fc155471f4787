import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../../env";
import { anonymous } from "../../http/openapi";

export const health = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    ...anonymous,
    tags: ["service"],
    summary: "Проверка работоспособности",
    responses: { 200: { description: '{status: "ok"}' } },
  }),
  (c) => c.json({ status: "ok" as const }),
);
