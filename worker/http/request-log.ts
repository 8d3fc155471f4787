import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { type LoggedError, loggedError } from "./logged-error";
import { REQUEST_ID_HEADER } from "./request-id";

/**
 * The one log line of a request, a JSON object Workers Logs keeps as fields: the request id, the
 * route's pattern (never the path itself, which may hold a share link's secret), the status, the
 * user id and the milliseconds until the answer's headers (a stream's body goes on after). Nothing
 * the user wrote, no e-mail, no token. An unexpected error (a 5xx from `onError`) adds its stack.
 */
export type RequestLogLine = {
  level: "info" | "warn" | "error";
  message: "request";
  request_id: string;
  method: string;
  route: string | null;
  status: number;
  user_id: number | null;
  duration_ms: number;
  error?: LoggedError;
};

/** The signed-in user, whichever check ran: `requireUser` sets userId, `requireSignature` the caller. */
const userOf = (c: Context<AppEnv>): number | null => c.get("userId") ?? c.get("caller")?.userId ?? null;

/** The pattern of the route that answered; null when none did (the 404 of an unknown path). */
const routeOf = (c: Context<AppEnv>): string | null => {
  const path = routePath(c, -1);
  return path && !path.endsWith("*") ? path : null;
};

/** Sets a header on the answer, also on one passed on from fetch() (a Durable Object's stream), whose are immutable. */
function setAnswerHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    // Hono's setter answers with a mutable copy.
    // biome-ignore lint/correctness/noSelfAssign: the setter is what copies the response
    c.res = c.res;
    c.res.headers.set(name, value);
  }
}

/** First middleware of the Worker: the request id on every answer, and one JSON log line per request. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  const id = c.get("requestId");
  if (c.res.status !== 101) setAnswerHeader(c, REQUEST_ID_HEADER, id);
  const status = c.res.status;
  const line: RequestLogLine = {
    level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
    message: "request",
    request_id: id,
    method: c.req.method,
    route: routeOf(c),
    status,
    user_id: userOf(c),
    duration_ms: Date.now() - started,
  };
  const err = c.error;
  if (status >= 500 && err) line.error = loggedError(err);
  const text = JSON.stringify(line);
  if (line.level === "error") console.error(text);
  else if (line.level === "warn") console.warn(text);
  else console.log(text);
});
