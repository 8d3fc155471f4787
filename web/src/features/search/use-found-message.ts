import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { switchVersion } from "../chat/history-actions";
import type { useHistory } from "../chat/history-query";

/**
 * A chat opened from a search hit (`?m=<message id>&q=<query>&w=<the forms it found>`): once the history is in, loads
 * the older pages down to the message, shows the branch it is on if it is another version, scrolls it into view and
 * highlights the words.
 */
export function useFoundMessage(topicId: string | null, history: ReturnType<typeof useHistory>) {
  const [params] = useSearchParams();
  const messageId = Number(params.get("m")) || null;
  const q = params.get("q") ?? "";
  const found = params.get("w") ?? "";
  const { loaded, messages, older, loadOlder } = history;
  const switched = useRef<number | null>(null);

  useEffect(() => {
    if (!messageId || !loaded || !topicId) return;
    const shown = messages.some((m) => m.id === messageId);
    const oldest = messages.find((m) => typeof m.id === "number")?.id as number | undefined;
    if (!shown && older && oldest !== undefined && messageId < oldest) {
      // Ids grow along a chat: the message is on an older page, not loaded yet.
      void loadOlder();
      return;
    }
    if (!shown) {
      // Another version of its place in the chat: show its branch (once).
      if (switched.current !== messageId) {
        switched.current = messageId;
        void switchVersion(topicId, messageId);
      }
      return;
    }
    const element = document.querySelector(`[data-message-id="${messageId}"]`);
    if (!element) return;
    element.classList.add("message--found");
    element.scrollIntoView?.({ block: "center" });
    let cancelled = false;
    if (q)
      void import("./highlight").then(({ highlightWords }) => {
        if (!cancelled) highlightWords(element, q, found);
      });
    return () => {
      cancelled = true;
    };
  }, [messageId, q, found, topicId, loaded, messages, older, loadOlder]);

  // Leaving the chat (or a new search) takes the highlight away.
  useEffect(() => () => void import("./highlight").then(({ clearHighlight }) => clearHighlight()), []);
}
