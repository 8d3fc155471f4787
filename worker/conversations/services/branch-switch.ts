import type { Db } from "../../db/client";
import { userHistory, type HistoryUser } from "../../db/history";
import { topicObject } from "../turn/topic-object";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { newestLeafBelow, setLeaf } from "./branches";
import { messageInTopic } from "./questions";
import { purgeSharedTopic } from "./share";
import { STREAM_TEXTS } from "./send";
import { findOwnTopic } from "./topics";

/**
 * Shows the branch through `messageId` (docs/conversations.md "Versions"). Holds the topic's
 * session meanwhile: a reply in flight belongs to the branch it started on (409).
 */
export async function switchBranch(env: Env, db: Db, user: HistoryUser, topicId: number, messageId: number): Promise<void> {
  const h = userHistory(env, user);
  const topic = await findOwnTopic(db, user.id, topicId);
  await messageInTopic(h, topic.id, messageId);
  const session = topicObject(env, topic);
  const token = await session.reserve();
  if (!token) throw ApiError.conflict(STREAM_TEXTS.busy);
  try {
    await setLeaf(h, topic, await newestLeafBelow(h, messageId));
  } finally {
    await session.release(token);
  }
  await purgeSharedTopic(env, topic.id, topic.shareHash).catch((err) => console.error("share purge failed", topic.id, err));
}
