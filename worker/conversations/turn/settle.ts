import { eq } from "drizzle-orm";
import { refundRequest } from "../../billing/services/limits";
import { getDb } from "../../db/client";
import { shardDb } from "../../db/history";
import { topics } from "../../db/schema";
import type { Env } from "../../env";
import { recordReplyUsage, type SavedReply } from "../../operations/services/model-usage";
import { deleteAttachmentObjects } from "../services/attachments";
import { setLeaf } from "../services/branches";
import { saveAssistantMessage, saveContinuedReply, type MessageState } from "../services/messages";
import { deleteEmptyTopic } from "../services/new-topic";
import { purgeSharedTopic } from "../services/share";
import { deleteTopicHistory } from "../services/topics";
import { CHARS_PER_TOKEN } from "./prompt";
import { replyCitations } from "./reply-citations";
import type { ReplyJob, ReportedUsage, Turn } from "./turn-state";
import { logEvent } from "../../http/log";

export const topicGone = async (env: Env, topicId: number) =>
  !(await getDb(env.DB).select({ id: topics.id }).from(topics).where(eq(topics.id, topicId)).get());

/** Whether the model added anything to what the reply held when it began (nothing, or a cut reply's text). */
export const saidAnything = (job: ReplyJob, text: string) => text.length > (job.continues?.text.length ?? 0);

/**
 * The reply into D1: a message (or the continued one) if the model said anything, and the share
 * cache purged; else the request back and the branch as it was.
 */
async function saveReply(
  env: Env,
  job: ReplyJob,
  text: string,
  state: MessageState,
  usage?: ReportedUsage,
): Promise<void> {
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
  const cited = await replyCitations(env, job.topicId, text, job.lawDate);
  const reply = { topic, text, state, model: job.model.modelId, ...cited };
  let messageId: number;
  if (job.continues) {
    messageId = job.continues.messageId;
    await saveContinuedReply(db, h, env.EXTRACTOR, { ...reply, messageId });
  } else messageId = await saveAssistantMessage(db, h, env.EXTRACTOR, { ...reply, parentId: job.userMessageId });
  // The reply is saved: a failure here costs its row in the cost statistics, not the reply (nor a second save).
  await Promise.all([
    recordReplyUsage(env, db, usageOf(job, messageId, text, usage)).catch((err) =>
      logEvent("error", "recording the reply's usage failed", { topic_id: job.topicId, err }),
    ),
    purgeSharedTopic(env, job.topicId).catch((err) =>
      logEvent("error", "share purge failed", { topic_id: job.topicId, err }),
    ),
  ]);
}

/** A saved reply's row of the cost statistics: the model's own count, or one estimated from characters. */
function usageOf(job: ReplyJob, messageId: number, text: string, usage: ReportedUsage | undefined): SavedReply {
  const said = text.length - (job.continues?.text.length ?? 0);
  const tokens = usage ?? {
    input: Math.ceil((job.promptChars ?? 0) / CHARS_PER_TOKEN),
    output: Math.ceil(said / CHARS_PER_TOKEN),
    cached: 0,
  };
  return {
    userId: job.userId,
    topicId: job.topicId,
    shard: job.shard,
    messageId,
    assistantType: job.product.assistantType,
    charge: job.charge,
    model: job.model,
    tokens: { input: tokens.input, output: tokens.output, cached: tokens.cached },
    estimated: !usage,
    contextCut: job.contextCut ?? false,
    outputLimited: usage?.finishReason === "length",
  };
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
      return saveReply(env, turn.job, text, turn.state, turn.usage);
  }
}
