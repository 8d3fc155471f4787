import type { SharedHistory } from "../schemas";

/**
 * A page of a shared history, from the first question on (a reader starts at the top): at most
 * `limit` messages after the message `after` (a cursor; from the first without one), and, with
 * `maxChars`, no more than fit in that many characters of text (one message at least). `next` is the
 * cursor of the page that follows, null on the last. A cursor that is no message of the history
 * gives no messages. The history is read whole (the edge keeps it); only the answer is cut.
 */
export function sharedPage(history: SharedHistory, page: { limit: number; after?: number; maxChars?: number }) {
  const all = history.messages;
  const start = page.after === undefined ? 0 : all.findIndex((m) => m.id === page.after) + 1;
  if (start === 0 && page.after !== undefined) return { history: { ...history, messages: [] }, next: null };
  let end = Math.min(all.length, start + page.limit);
  if (page.maxChars !== undefined) {
    let chars = 0;
    for (let i = start; i < end; i++) {
      chars += all[i]!.text.length;
      if (chars > page.maxChars && i > start) {
        end = i;
        break;
      }
    }
  }
  const messages = all.slice(start, end);
  return { history: { ...history, messages }, next: end < all.length ? String(all[end - 1]!.id) : null };
}

/**
 * The share page's first screen: the first messages of the chat, the rest loaded as the reader
 * scrolls, so a long chat is not one page of megabytes rendered and sent whole.
 */
export const SHARE_FIRST_SCREEN = { limit: 20, maxChars: 40_000 } as const;
