import type { SharedHistory } from "../../../../worker/conversations/schemas";
import {
  PRERENDERED_ID,
  SHARE_SCREEN_DATA_ID,
  type ShareScreenData,
} from "../../../../worker/conversations/share-screen-data";
import { api } from "../../api/client";

export type { SharedHistory, ShareScreenData };

/** A page of a shared chat from the first question on, and the cursor of the page after it (null on the last). */
export type SharedPage = { history: SharedHistory; next: string | null };

/** Why a link shows nothing, as the API says it (docs/conversations.md "Sharing"). */
export type ShareGone = { gone: "revoked" | "expired" | "unknown" };

/** The API's words for a link its owner turned off (404); the page says it in its own (`sharePageTexts`). */
const REVOKED_DETAIL = "Ссылка отключена владельцем";

/** How many messages each page after the first screen brings. */
const PAGE_LIMIT = 50;

/**
 * `GET /share/topic/history/{hash}?limit=&cursor=` (no auth): a page of what a share link shows, the
 * first without a cursor; `gone` when the link shows nothing (410 expired, 404 turned off or unknown),
 * null when it cannot be loaded (no network, a server error).
 */
export async function loadSharedHistory(hash: string, cursor?: string): Promise<SharedPage | ShareGone | null> {
  const query = { limit: String(PAGE_LIMIT), ...(cursor ? { cursor } : {}) };
  const param = { hash: encodeURIComponent(hash) };
  const res = await api.share.topic.history[":hash"].$get({ param, query }).catch(() => null);
  // The route's errors are thrown, so its typed answer knows only 200.
  const status: number | undefined = res?.status;
  if (status === 410) return { gone: "expired" };
  if (res && status === 404) {
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    return { gone: body?.detail === REVOKED_DETAIL ? "revoked" : "unknown" };
  }
  if (!res?.ok) return null;
  const body = await res.json().catch(() => null);
  return body && Array.isArray(body.messages) ? { history: body, next: res.headers.get("X-Next-Cursor") } : null;
}

// Shared histories already at hand, by link: the one a share page's HTML came with, or the one the server renders.
const given = new Map<string, SharedPage>();

/** A shared history's first page the share page shows without asking the API (`givenSharedHistory`). */
export function giveSharedHistory(hash: string, history: SharedHistory, next: string | null = null): void {
  given.set(hash, { history, next });
}

/** The shared history given for this link, if any; it is given for one page's first render. */
export const givenSharedHistory = (hash: string): SharedPage | null => given.get(hash) ?? null;
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
    return typeof data.hash === "string" && Array.isArray(data.history?.messages) && Array.isArray(data.products)
      ? data
      : null;
  } catch {
    return null;
  }
}
