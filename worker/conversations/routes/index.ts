import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { topicExport } from "./export";
import { feedback } from "./feedback";
import { topicSearch } from "./search";
import { topicFolders } from "./topic-folders";
import { topicLists } from "./topic-lists";
import { topicStreams } from "./topic-streams";
import { topics } from "./topics";
import { versions } from "./versions";

/**
 * Everything under `/topics`: the list, one topic, its replies, its versions, its feedback, its export, its folder.
 * Hono tries routes in the order they are added and a plain `:id` takes any word, so `/search` goes before `/:id`, and
 * the two-segment catch-alls come last, after the paths they would take: the lists' `/:status/:type` (`/{id}/history`,
 * `/{id}/stream`) and the folder move `/:topicId/:folderId` (`/start/stream`, `/{id}/stop`).
 */
export const topicRoutes = new Hono<AppEnv>()
  .route("/", topicSearch)
  .route("/", topics)
  .route("/", topicStreams)
  .route("/", versions)
  .route("/", feedback)
  .route("/", topicExport)
  .route("/", topicLists)
  .route("/", topicFolders);
