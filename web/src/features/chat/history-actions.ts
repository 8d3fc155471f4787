import { chatTexts } from "../../ui/texts/chat";
import { chatApi } from "./chat-api";
import { notify } from "./chat-notices";
import { turnState } from "./chat-turn";
import { cachedMessages, cacheNewestPage, patchCachedMessage } from "./history-query";
import type { ChatMessage } from "./types";

/** Shows the branch through version `messageId` of a message (‹ 2/3 ›): the server answers its newest page. */
export async function switchVersion(topicId: string, messageId: number) {
  if (turnState().running) return;
  const res = await chatApi.switchBranch(topicId, messageId).catch(() => null);
  if (!res?.ok) {
    // The only refusal for one's own topic: a reply is still being written (409).
    const status: number = res?.status ?? 0;
    if (status === 409) notify(chatTexts.busy, "info");
    else notify(chatTexts.sendFailed, "error");
    return;
  }
  cacheNewestPage(topicId, { messages: await res.json(), older: res.headers.get("X-Next-Cursor") });
}

/**
 * 👍/👎 on a reply of topic `topicId` (null takes it back), shown at once; false, and the rating as
 * it was, when the server did not take it.
 */
export async function rate(topicId: string, messageId: number, rating: "up" | "down" | null, comment?: string) {
  const before: ChatMessage["feedback"] = cachedMessages(topicId).find((m) => m.id === messageId)?.feedback ?? null;
  patchCachedMessage(topicId, messageId, { feedback: rating });
  const call = rating ? chatApi.rate(topicId, messageId, rating, comment) : chatApi.unrate(topicId, messageId);
  const res = await call.catch(() => null);
  if (res?.ok) return true;
  patchCachedMessage(topicId, messageId, { feedback: before });
  return false;
}
