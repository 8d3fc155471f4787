import { hc } from "hono/client";
import type { AppType } from "../../../worker/app";
import { fetchWithBookmarks } from "./d1-bookmark";

export const API_BASE = "/api/v2";

/** What the client needs from the signed-in session; the auth store provides it (`connectSession`). */
export type ApiSession = {
  /** The access token to send in `jwt-token`, if any. */
  token: () => string | null;
  /**
   * A signed-in call with `sent` was answered 401: the token to repeat it with (after a refresh if
   * `sent` is still the current one), or null when there is none.
   */
  renew: (sent: string) => Promise<string | null>;
};

const signedOut: ApiSession = { token: () => null, renew: async () => null };
// The one link from the client to the session, set once at start-up by the auth store, so the
// client never imports the store that imports it.
let session = signedOut;

export function connectSession(next: ApiSession): void {
  session = next;
}

/**
 * A signed-in call answered 401 although the session may still be alive (the access token was
 * retired early, e.g. by a password change): refresh once and repeat the call with the new token.
 * A refresh that fails signs the user out silently, as the auth store does on any refresh failure.
 */
async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetchWithBookmarks(input, init);
  const sent = new Headers(init?.headers).get("jwt-token");
  if (res.status !== 401 || !sent || String(input).endsWith("/users/token/refresh")) return res;
  const token = await session.renew(sent);
  if (!token) return res;
  const headers = new Headers(init?.headers);
  headers.set("jwt-token", token);
  return fetchWithBookmarks(input, { ...init, headers });
}

/**
 * The one way the web app reaches the API: typed from the Worker's own routes, with the session's
 * access token in `jwt-token` and its D1 bookmarks in `X-D1-Bookmark` on every call.
 */
export const api = hc<AppType>(API_BASE, {
  headers: (): Record<string, string> => {
    const token = session.token();
    return token ? { "jwt-token": token } : {};
  },
  fetch: fetchWithRefresh,
});
