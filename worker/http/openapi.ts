import type { StandardSchemaV1 } from "@standard-schema/spec";
import { resolver } from "hono-openapi";

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
