import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { topicExport } from "./export";
import { feedback } from "./feedback";
import { topicSearch } from "./search";
import { topicFolders } from "./topic-folders";
import { topicStreams } from "./topic-streams";
import { topics } from "./topics";
import { versions } from "./versions";

/**
 * Everything under `/topics`: the list, one topic, its replies, its versions, its feedback, its export, its folder.
 * Hono tries routes in the order they are added and a plain `:id` takes any word, so `/search` goes before `/:id`
 * and `/:topicId/:folderId` last, after the two-segment paths it would take (`/start/stream`, `/{id}/stop`).
 */
export const topicRoutes = new Hono<AppEnv>()
  .route("/", topicSearch)
  .route("/", topics)
  .route("/", topicStreams)
  .route("/", versions)
  .route("/", feedback)
  .route("/", topicExport)
  .route("/", topicFolders);
