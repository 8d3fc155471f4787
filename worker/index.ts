import { app } from "./app";
import { openReplicaReads } from "./db/replica-reads";
import { runCron } from "./operations/cron";
import type { Env } from "./env";

export { TopicObject } from "./conversations/turn/topic-object";
export type { AppType } from "./app";

export default {
  // Each request reads D1's replicas through sessions of its own, so its answer carries their bookmarks.
  async fetch(request, env, ctx) {
    const sessions = openReplicaReads(env, request);
    return sessions.tag(await app.fetch(request, sessions.env, ctx));
  },
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runCron(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
