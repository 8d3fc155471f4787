import type { SharedHistory } from "../../../../worker/conversations/schemas";
import { PRERENDERED_ID, SHARE_SCREEN_DATA_ID, type ShareScreenData } from "../../../../worker/conversations/share-screen-data";
import { api } from "../../api/client";

export type { SharedHistory, ShareScreenData };

/** `GET /share/topic/history/{hash}` (no auth): what a share link shows; null when it cannot be shown (unknown or revoked link, no network). */
export async function loadSharedHistory(hash: string): Promise<SharedHistory | null> {
  const res = await api.share.topic.history[":hash"].$get({ param: { hash: encodeURIComponent(hash) } }).catch(() => null);
  if (!res?.ok) return null;
  const body = await res.json().catch(() => null);
  return body && Array.isArray(body.messages) ? body : null;
}

// Shared histories already at hand, by link: the one a share page's HTML came with, or the one the server renders.
const given = new Map<string, SharedHistory>();

/** A shared history the share page shows without asking the API (`takeGivenSharedHistory`). */
export function giveSharedHistory(hash: string, history: SharedHistory): void {
  given.set(hash, history);
}

/** The shared history given for this link, if any; it is given for one page's first render. */
export const givenSharedHistory = (hash: string): SharedHistory | null => given.get(hash) ?? null;
export const forgetGivenSharedHistory = (hash: string): void => void given.delete(hash);

/**
 * The conversation a share page's HTML came with (the Worker rendered it into the first screen,
 * worker/conversations/routes/share-page.ts), while that screen is still on the page.
 */
export function shareScreenData(): ShareScreenData | null {
  const element = document.querySelector(`#${PRERENDERED_ID} > #${SHARE_SCREEN_DATA_ID}`);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as ShareScreenData;
    return typeof data.hash === "string" && Array.isArray(data.history?.messages) && Array.isArray(data.products) ? data : null;
  } catch {
    return null;
  }
}
