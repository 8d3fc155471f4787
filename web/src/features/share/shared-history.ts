import type { ChatMessage } from "../chat/types";
import { api } from "../../api/client";

/** `GET /share/topic/history/{hash}` (no auth): what a share link shows. */
export type SharedHistory = { topic_name: string | null; assistant_type: string; messages: ChatMessage[] };

/** The shared topic, or null when it cannot be shown (unknown or revoked link, no network). */
export async function loadSharedHistory(hash: string): Promise<SharedHistory | null> {
  const res = await api.share.topic.history[":hash"].$get({ param: { hash: encodeURIComponent(hash) } }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json().catch(() => null)) as SharedHistory | null;
  return body && Array.isArray(body.messages) ? body : null;
}
