import { hc } from "hono/client";
import type { AppType } from "../../../worker/app";
import { useAuth } from "../stores/auth";

export const API_BASE = "/api/v2";

/**
 * A signed-in call answered 401 although the session may still be alive (the access token was
 * retired early, e.g. by a password change): refresh once and repeat the call with the new token.
 * A refresh that fails signs the user out silently, as the auth store does on any refresh failure.
 */
async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  const sent = new Headers(init?.headers).get("jwt-token");
  const auth = useAuth.getState();
  if (res.status !== 401 || !sent || auth.status !== "authenticated" || String(input).endsWith("/users/token/refresh")) return res;
  if (auth.record?.access_token === sent && !(await auth.refresh())) return res;
  const token = useAuth.getState().record?.access_token;
  if (!token || token === sent) return res;
  const headers = new Headers(init?.headers);
  headers.set("jwt-token", token);
  return fetch(input, { ...init, headers });
}

/**
 * The one way the web app reaches the API: typed from the Worker's own routes, with the access
 * token of the auth store in `jwt-token` on every call.
 */
export const api = hc<AppType>(API_BASE, {
  headers: (): Record<string, string> => {
    const token = useAuth.getState().record?.access_token;
    return token ? { "jwt-token": token } : {};
  },
  fetch: fetchWithRefresh,
});
