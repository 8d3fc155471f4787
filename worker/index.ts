import { app } from "./app";
import { runCron } from "./operations/cron";
import type { Env } from "./env";

export { TopicSession } from "./durable/topic-session";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runCron(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
