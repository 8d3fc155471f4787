import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { topicExport } from "./export";
import { feedback } from "./feedback";
import { topicSearch } from "./search";
import { topicStreams } from "./topic-streams";
import { topics } from "./topics";
import { versions } from "./versions";

/** Everything under `/topics`: the list, one topic, its replies, its versions, its feedback and its export. */
export const topicRoutes = new Hono<AppEnv>()
  .route("/", topicSearch)
  .route("/", topics)
  .route("/", topicStreams)
  .route("/", versions)
  .route("/", feedback)
  .route("/", topicExport);
