import type { Context } from "hono";
import { requestId } from "hono/request-id";

/** The header every answer names its request by; a user quotes it to support (docs/operations.md "Request ids"). */
export const REQUEST_ID_HEADER = "X-Request-Id";

// Cloudflare's ray id, so the same id finds the request in Cloudflare's own logs. Cloudflare sets
// cf-ray on every request it passes on; locally, or when it is not of a ray's shape, a random id.
const RAY_ID = /^[0-9a-zA-Z-]{1,64}$/;

const rayOrRandom = (c: Context) => {
  const ray = c.req.header("cf-ray");
  return ray && RAY_ID.test(ray) ? ray : crypto.randomUUID();
};

/**
 * Sets `c.var.requestId`. The client's own X-Request-Id is not taken (headerName ""), so nobody can
 * name their request after another's; `requestLog` puts the id on the answer.
 */
export const assignRequestId = requestId({ headerName: "", generator: rayOrRandom });
