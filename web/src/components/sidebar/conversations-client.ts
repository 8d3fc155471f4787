import { api } from "../../api/client";

type Args = { param?: Record<string, string>; query?: Record<string, string>; json?: unknown };
type Call = (args?: Args) => Promise<Response>;
type Route = { [segment: string]: Route } & { $get: Call; $post: Call; $patch: Call; $delete: Call };

/**
 * The conversations routes of docs/conversations.md through the same hono client as `api`, before
 * the Worker's sub-apps are in `AppType`. Replaced by `api` itself once they are.
 */
export const conversationsApi = () => api as unknown as Route;
