import type { Db } from "../../db/client";
import { userHistory, type HistoryUser } from "../../db/history";
import { REPLY_TEXTS, topicObject } from "../turn/topic-object";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { messageInTopic } from "./questions";
import { purgeSharedTopic } from "./share";
import { findOwnTopic } from "./topics";
import { logEvent } from "../../http/log";

/**
 * Shows the branch through `messageId` (docs/conversations.md "Versions"), in the topic's object:
 * a reply in flight belongs to the branch it started on (409).
 */
export async function switchBranch(
  env: Env,
  db: Db,
  user: HistoryUser,
  topicId: number,
  messageId: number,
): Promise<void> {
  const h = userHistory(env, user);
  const topic = await findOwnTopic(db, user.id, topicId);
  await messageInTopic(h, topic.id, messageId);
  const switched = await topicObject(env, topic).switchBranch(
    user.historyShard ?? 0,
    { id: topic.id, userId: topic.userId },
    messageId,
  );
  if (!switched) throw ApiError.conflict(REPLY_TEXTS.busy);
  await purgeSharedTopic(env, topic.id, topic.shareHash).catch((err) =>
    logEvent("error", "share purge failed", { topic_id: topic.id, err }),
  );
}
