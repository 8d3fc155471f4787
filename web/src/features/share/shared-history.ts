import type { SharedHistory } from "../../../../worker/conversations/schemas";
import { api } from "../../api/client";

export type { SharedHistory };

/** `GET /share/topic/history/{hash}` (no auth): what a share link shows; null when it cannot be shown (unknown or revoked link, no network). */
export async function loadSharedHistory(hash: string): Promise<SharedHistory | null> {
  const res = await api.share.topic.history[":hash"].$get({ param: { hash: encodeURIComponent(hash) } }).catch(() => null);
  if (!res?.ok) return null;
  const body = await res.json().catch(() => null);
  return body && Array.isArray(body.messages) ? body : null;
}
