import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ATTACHMENT_TEXTS } from "../services/attachments";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { ApiError } from "../../http/errors";
import { enforceRateLimits } from "../../http/rate-limit";
import { QUOTAS } from "../../settings";

// What both upload routes (the web one and the bots' one) check before storing a file.

// Room for the multipart boundary and part headers around a file of the largest allowed size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadForm = z.object({
  file: z
    .instanceof(File, { error: "Выберите файл для загрузки (поле file)" })
    .meta({ type: "string", format: "binary" }),
});

// Refuses a body over the limit by its Content-Length before reading it, and stops a body
// without one (chunked) as soon as it grows past the limit.
export const uploadLimit = bodyLimit({
  maxSize: QUOTAS.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw new ApiError(413, ATTACHMENT_TEXTS.tooLarge);
  },
});

/** Counts the upload against the caller's `uploadPerUser` limit (429) before the body is read. */
export const uploadRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await enforceRateLimits(getDb(c.env.DB), c.env, [["uploadPerUser", String(c.var.userId)]]);
  await next();
});
