import { hc } from "hono/client";
import type { AppType } from "../../../worker/app";

/** The one way the web app reaches the API: typed from the Worker's own routes. */
export const api = hc<AppType>("/api/v2");
