import type { StandardSchemaV1 } from "@standard-schema/spec";
import { resolver } from "hono-openapi";
import { z } from "zod";

// The OpenAPI pieces route files share. The document asks for `jwt-token` by default
// (worker/app.ts), so every operation says which it needs: the token, or nothing.

/** An operation for a signed-in user (`jwt-token`). */
export const secured = { security: [{ jwt: [] }] };

/** An operation anyone may call: sign-in, public pages, webhooks, signed links. */
export const anonymous = { security: [] };

/**
 * A response whose JSON body is `schema` (a zod schema of a feature's `schemas.ts`): the document
 * shows the shape, under the schema's `.meta({ id })` name, next to the words of `description`.
 */
export const jsonOf = (description: string, schema: StandardSchemaV1) => ({
  description,
  content: { "application/json": { schema: resolver(schema) } },
});

/** `{detail}`: a success that only says what was done, in Russian (a refusal has the same shape). */
export const detailSchema = z.strictObject({ detail: z.string() }).meta({ id: "Detail" });

/** A success answer of `{detail}` only. */
export const detailOf = (description: string) => jsonOf(description, detailSchema);

/** An answer that is not JSON: a file, a page or a stream, of `mediaType`, with the headers it always has. */
export const bodyOf = (description: string, mediaType: string, headers: Record<string, string> = {}) => ({
  description,
  content: { [mediaType]: { schema: { type: "string" as const } } },
  ...(Object.keys(headers).length > 0 && {
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, about]) => [
        name,
        { description: about, required: true, schema: { type: "string" as const } },
      ]),
    ),
  }),
});
