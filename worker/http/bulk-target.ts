import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { missingOr } from "./fields";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/**
 * Bulk admin calls (every user's start pack, every user's terms, a notice to everyone) act on all
 * users only when the body says so: `{"target": "all", …}`. An empty body, one that is not JSON and
 * `{}` are 422, never "everyone" (docs/operations.md, "Bulk admin calls").
 */
export const BULK_TEXTS = {
  required: 'Укажите target: "all": вызов касается всех пользователей',
  wrong: 'target: только "all" (все пользователи)',
  notJson: 'Тело запроса должно быть JSON-объектом, например {"target": "all"}',
} as const;

export const allTarget = z.literal("all", missingOr(BULK_TEXTS.required, BULK_TEXTS.wrong));

/**
 * Put before `validate("json", …)` on a bulk call: whatever the Content-Type, a body that is not a
 * JSON object (empty, malformed, an array, a string) is a 422 with a Russian detail, rather than
 * hono's 400 for malformed JSON or the `{}` it reads for another Content-Type.
 */
export const jsonObjectBody = createMiddleware<AppEnv>(async (c, next) => {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await c.req.arrayBuffer()));
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(422, [{ loc: ["body"], msg: BULK_TEXTS.notJson, type: "json_invalid" }]);
  }
  await next();
});
