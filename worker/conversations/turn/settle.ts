import { eq } from "drizzle-orm";
import { refundRequest } from "../../billing/services/limits";
import { getDb } from "../../db/client";
import { shardDb } from "../../db/history";
import { topics } from "../../db/schema";
import type { Env } from "../../env";
import { deleteAttachmentObjects } from "../services/attachments";
import { setLeaf } from "../services/branches";
import { saveAssistantMessage, saveContinuedReply, type MessageState } from "../services/messages";
import { deleteEmptyTopic } from "../services/new-topic";
import { purgeSharedTopic } from "../services/share";
import { deleteTopicHistory } from "../services/topics";
import type { ReplyJob, Turn } from "./turn-state";

export const topicGone = async (env: Env, topicId: number) =>
  !(await getDb(env.DB).select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).get());

/** Whether the model added anything to what the reply held when it began (nothing, or a cut reply's text). */
export const saidAnything = (job: ReplyJob, text: string) => text.length > (job.continues?.text.length ?? 0);

/**
 * The reply into D1: a message (or the continued one) if the model said anything, and the share
 * cache purged; else the request back and the branch as it was.
 */
async function saveReply(env: Env, job: ReplyJob, text: string, state: MessageState): Promise<void> {
  const db = getDb(env.DB);
  const h = shardDb(env, job.shard);
  const topic = { id: job.topicId, userId: job.userId };
  // The topic is in the main D1 and its history in a shard, with no foreign key between them:
  // a topic deleted meanwhile (the delete route stops the reply first) takes what is left with it.
  if (await topicGone(env, job.topicId)) {
    const [files] = await h.batch(deleteTopicHistory(h, topic));
    await deleteAttachmentObjects(
      env,
      files.map((f) => f.key),
    );
    return;
  }
  if (!saidAnything(job, text)) {
    if (job.charge) await refundRequest(db, job.charge);
    if (job.leafIfSilent) await setLeaf(h, topic, job.leafIfSilent);
    return;
  }
  const reply = { topic, text, state, model: job.model.modelId };
  if (job.continues) await saveContinuedReply(db, h, env.EXTRACTOR, { ...reply, messageId: job.continues.messageId });
  else await saveAssistantMessage(db, h, env.EXTRACTOR, { ...reply, parentId: job.userMessageId });
  await purgeSharedTopic(env, job.topicId).catch((err) => console.error("share purge failed", job.topicId, err));
}

/**
 * The one place a turn ends (docs/conversations.md "The turn"), from whichever state it was in:
 * refused or cut before its question was written (`admitting`), the request given back and a topic
 * it opened removed; with its question written, the reply saved (`partial` if it was cut by a
 * restart), or, if the model said nothing, the request given back.
 */
export async function settleTurn(env: Env, turn: Turn, text: string): Promise<void> {
  switch (turn.kind) {
    case "idle":
    case "switching":
      return;
    case "admitting": {
      const db = getDb(env.DB);
      if (turn.charge) await refundRequest(db, turn.charge);
      if (turn.openedTopicId !== undefined) await deleteEmptyTopic(db, shardDb(env, turn.shard), turn.openedTopicId);
      return;
    }
    case "streaming":
      return saveReply(env, turn.job, text, "partial");
    case "saving":
      return saveReply(env, turn.job, text, turn.state);
  }
}
