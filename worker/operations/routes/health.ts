import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../../env";
import { anonymous, jsonOf } from "../../http/openapi";
import { z } from "zod";

export const health = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    ...anonymous,
    tags: ["service"],
    summary: "Проверка работоспособности",
    responses: { 200: jsonOf('{status: "ok"}', z.strictObject({ status: z.literal("ok") })) },
  }),
  (c) => c.json({ status: "ok" as const }),
);
