import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTurn } from "./chat-turn";
import type { ChatMessage } from "./types";

/**
 * What the message list shows: the history from the query cache (up to the turn's cut), then the
 * turn's own copy (its question, a reply ended, the notices) until the server's copy has them.
 */
export function useShownMessages(history: ChatMessage[]): ChatMessage[] {
  const { cut, local } = useTurn(useShallow((s) => ({ cut: s.cut, local: s.local })));
  return useMemo(() => {
    const at = cut === null ? -1 : history.findIndex((m) => m.id === cut);
    return [...(at < 0 ? history : history.slice(0, at)), ...local];
  }, [history, cut, local]);
}
