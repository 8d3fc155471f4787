import { readTextStream, type TopicIdMarker } from "../../api/stream";
import { chatApi } from "./chat-api";
import { localId, notifyRefusal } from "./chat-notices";
import { beginTurn, dropLocalCopy, isCurrent, setTurn, turnState } from "./chat-turn";
import { refetchHistory } from "./history-query";
import type { ChatMessage } from "./types";

type Reply = { text: string; model: string | null; broken: boolean; left: boolean };

/** A new topic's stream: `marker` takes the `topic_id` line off; `onId` gets the id once. */
export type NewTopic = { marker: TopicIdMarker; onId: (id: string) => void };

/**
 * Reads a reply into `streaming` until it ends: `broken` when the connection failed, `left` when
 * the chat moved on (the turn's handle aborted).
 */
export async function readReply(res: Response, handle: AbortController, newTopic?: NewTopic) {
  const model = res.headers.get("X-Model");
  let text = "";
  const show = (piece: string) => {
    if (!isCurrent(handle)) return;
    const named = newTopic?.marker.topicId;
    if (named && !turnState().topicId) newTopic.onId(named);
    if (!piece) return;
    text += piece;
    setTurn({ streaming: { text, model } });
  };
  if (isCurrent(handle)) setTurn({ streaming: { text: "", model } });
  let broken = false;
  try {
    const take = (chunk: string) => show(newTopic ? newTopic.marker.push(chunk) : chunk);
    if (res.body) await readTextStream(res.body, take, handle.signal);
  } catch {
    broken = !handle.signal.aborted;
  }
  if (newTopic && !handle.signal.aborted) show(newTopic.marker.end());
  const reply: Reply = { text, model, broken, left: handle.signal.aborted || !isCurrent(handle) };
  return reply;
}

/**
 * After a reply: the server's copy of the topic (ids, the model, a reply marked partial, signed
 * URLs) is read into the cache, and then the turn's copy goes, in one render: no flash, no double.
 */
export async function settle(topicId: string, handle: AbortController) {
  const history = await refetchHistory(topicId);
  if (history && isCurrent(handle) && !turnState().running) dropLocalCopy();
}

/** A reply that ended is shown as a message until the server's copy of the topic replaces it. */
export async function finishReply(topicId: string | null, handle: AbortController, reply: Reply, resume = true) {
  if (!isCurrent(handle)) return;
  const stopped = turnState().stopRequested;
  setTurn({ stopRequested: false });
  // The connection broke, not necessarily the reply: it may still be running on the server.
  if (reply.broken && topicId && resume && (await resumeReply(topicId, handle))) return;
  if (!isCurrent(handle)) return;
  const state = stopped || reply.broken ? "partial" : "complete";
  const message: ChatMessage = { id: localId(), role: "assistant", text: reply.text, model: reply.model, state };
  setTurn((s) => ({ local: reply.text ? [...s.local, message] : s.local, streaming: null, running: false }));
  if (!reply.text && !stopped) notifyRefusal(0);
  if (topicId) await settle(topicId, handle);
}

/**
 * `GET /topics/{id}/stream/`: shows a reply still in flight, in the turn `handle` (a send whose
 * connection broke) or a new one (a topic opened); false when there is none (204) or it cannot be
 * read.
 */
export async function resumeReply(topicId: string, handle = beginTurn(topicId)): Promise<boolean> {
  const res = await chatApi.resume(topicId, handle.signal).catch(() => null);
  if (res?.status !== 200 || !isCurrent(handle)) {
    void res?.body?.cancel().catch(() => undefined);
    return false;
  }
  setTurn({ running: true });
  const reply = await readReply(res, handle);
  if (!reply.left) await finishReply(topicId, handle, reply, false);
  return true;
}
