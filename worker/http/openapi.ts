// The OpenAPI pieces route files share. The document asks for `jwt-token` by default
// (worker/app.ts), so every operation says which it needs: the token, or nothing.

/** An operation for a signed-in user (`jwt-token`). */
export const secured = { security: [{ jwt: [] }] };

/** An operation anyone may call: sign-in, public pages, webhooks, signed links. */
export const anonymous = { security: [] };
