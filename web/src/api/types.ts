import type { InferResponseType } from "hono/client";
import type { api } from "./client";

// The shapes the web app reads, inferred from the Worker's routes (their handlers and response
// schemas): never typed again here, so a change on the server is a type error in the app.

/** One day of the topic list (`date` "YYYY-MM-DD" in the caller's zone), or the pinned group (`date: null`). */
export type TopicGroup = InferResponseType<(typeof api.topics)[":status"][":type"]["$get"], 200>[number];
/** A topic as docs/conversations.md shapes it. */
export type Topic = TopicGroup["topics"][number];
/** A folder of one mode (`GET /folders/{assistantType}`). */
export type Folder = InferResponseType<(typeof api.folders)[":assistantType"]["$get"], 200>[number];
/** One in-app notice of `GET /notifications/` (docs/operations.md). */
export type Notice = InferResponseType<typeof api.notifications.$get, 200>[number];
/** `GET /limits/`: the caller's requests and the active limit rows. */
export type Limits = InferResponseType<typeof api.limits.$get, 200>;
/** Whether the privacy guard is on in a mode (`GET /privacy/settings`, docs/privacy.md). */
export type PrivacySetting = InferResponseType<typeof api.privacy.settings.$get, 200>[number];
