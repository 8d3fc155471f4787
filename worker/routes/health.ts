import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../env";

export const health = new Hono<AppEnv>().get("/", describeRoute({ tags: ["service"], summary: "Проверка работоспособности" }), (c) =>
  c.json({ status: "ok" as const }),
);
