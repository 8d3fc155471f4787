import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { anonymous, jsonOf } from "../../http/openapi";
import { checkReadiness } from "../services/readiness";

const checksSchema = z.record(z.string(), z.enum(["ok", "failed"]));
const readySchema = z.strictObject({ status: z.literal("ready"), checks: checksSchema }).meta({ id: "Ready" });
const notReadySchema = z
  .strictObject({
    detail: z.string(),
    status: z.literal("not_ready"),
    failed: z.array(z.string()),
    checks: checksSchema,
  })
  .meta({ id: "NotReady" });

/** Liveness (`/health`: the Worker runs) and readiness (`/health/ready`: its bindings answer), docs/operations.md. */
export const health = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({
      ...anonymous,
      tags: ["service"],
      summary: "Проверка работоспособности",
      responses: { 200: jsonOf('{status: "ok"}', z.strictObject({ status: z.literal("ok") })) },
    }),
    (c) => c.json({ status: "ok" as const }),
  )
  .get(
    "/ready",
    describeRoute({
      ...anonymous,
      tags: ["service"],
      summary: "Готовность: отвечают ли D1, базы истории, KV, R2 и Durable Objects",
      description:
        "Проверяет основную базу D1 (DB), каждую базу истории из каталога (HISTORY_<n>), KV, R2 (FILES) и " +
        "пространство Durable Objects тем (TOPIC_OBJECT); каждая проверка ждёт не больше 5 с. `/health` " +
        "отвечает, только работает ли сам Worker.",
      responses: {
        200: jsonOf("Всё отвечает", readySchema),
        503: jsonOf("Не отвечают привязки из `failed`", notReadySchema),
      },
    }),
    async (c) => {
      const readiness = await checkReadiness(c.env);
      c.header("Cache-Control", "no-store");
      if (readiness.ready) return c.json({ status: "ready" as const, checks: readiness.checks }, 200);
      const detail = `Сервис не готов, не отвечают: ${readiness.failed.join(", ")}`;
      return c.json({ detail, status: "not_ready" as const, failed: readiness.failed, checks: readiness.checks }, 503);
    },
  );
