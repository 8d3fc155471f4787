import { tryGetContext } from "hono/context-storage";
import type { AppEnv } from "../env";
import { loggedError } from "./logged-error";

type Level = "info" | "warn" | "error";

/** A field's value as a log line holds it: an error by `loggedError` (no bound values), the rest as is. */
const logged = (value: unknown) => (value instanceof Error ? loggedError(value) : value);

/**
 * One log line, a JSON object as the request's own line is (docs/operations.md "Request ids and
 * logs"): `message` says what happened, `fields` name the ids it concerns, never what a user wrote.
 * The request's id comes from the request being served (Hono's context storage); a Durable Object's
 * or the cron's lines have none.
 */
export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const requestId = tryGetContext<AppEnv>()?.var.requestId ?? null;
  const line = {
    level,
    message,
    request_id: requestId,
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, logged(value)])),
  };
  const text = JSON.stringify(line);
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}
