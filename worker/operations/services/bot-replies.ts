import { and, desc, eq } from "drizzle-orm";
import { relocated } from "../../conversations/services/relocated-citations";
import { topicVault } from "../../conversations/services/vaults";
import type { HistoryDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import type { Env } from "../../env";
import { unmaskText } from "../../privacy";

/** The topic's last saved reply: the one its object wrote before it closed the stream. */
async function savedReply(db: HistoryDb, topicId: number) {
  return db
    .select({
      text: messages.text,
      model: messages.model,
      state: messages.state,
      citations: messages.citations,
      citationsDate: messages.citationsDate,
    })
    .from(messages)
    .where(and(eq(messages.topicId, topicId), eq(messages.role, "assistant")))
    .orderBy(desc(messages.id))
    .get();
}

/**
 * A bot's whole reply (`BotReply`): the topic's last saved reply with the values the privacy guard hid from
 * the model put back, as the web shows them, and its citations moved with them; null when it has none.
 */
export async function botReply(env: Env, h: HistoryDb, topicId: number) {
  const [reply, vault] = await Promise.all([savedReply(h, topicId), topicVault(env, h, topicId)]);
  if (!reply) return null;
  const text = unmaskText(reply.text, vault);
  const citations = reply.citations ?? [];
  return {
    topic_id: topicId,
    text,
    model: reply.model,
    state: reply.state,
    citations: text === reply.text ? citations : relocated(citations, text),
    citations_date: reply.citationsDate ?? null,
  };
}
