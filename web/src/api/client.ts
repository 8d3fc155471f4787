import { hc } from "hono/client";
import type { AppType } from "../../../worker/app";
import { useAuth } from "../stores/auth";

/**
 * The one way the web app reaches the API: typed from the Worker's own routes, with the access
 * token of the auth store in `jwt-token` on every call.
 */
export const API_BASE = "/api/v2";

export const api = hc<AppType>(API_BASE, {
  headers: (): Record<string, string> => {
    const token = useAuth.getState().record?.access_token;
    return token ? { "jwt-token": token } : {};
  },
});
