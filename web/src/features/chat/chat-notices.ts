import { chatTexts } from "../../ui/texts/chat";
import { disclaimerTexts } from "../../ui/texts/disclaimer";
import { markTermsRefused } from "../billing/disclaimers-queries";
import { setTurn } from "./chat-turn";
import type { ChatMessage } from "./types";

/** A key for a message made in the browser (the server's ids are numbers). */
export const localId = () => `local-${Math.random().toString(36).slice(2)}`;

const noticeOf = (text: string, kind: ChatMessage["notice"] = "info", action?: ChatMessage["action"]): ChatMessage => ({
  id: localId(),
  role: "assistant",
  text,
  notice: kind,
  action,
});

/** A message of the app in the assistant's place (a rule, an error), under the chat. */
export const notify = (text: string, kind?: ChatMessage["notice"], action?: ChatMessage["action"]) =>
  setTurn((s) => ({ local: [...s.local, noticeOf(text, kind, action)] }));

/**
 * What the chat says when a reply route refused (`status`, 0 for no answer at all); a server's failure
 * also names its request (`requestId`, the answer's X-Request-Id) for support.
 */
export function notifyRefusal(status: number, requestId?: string | null) {
  if (status === 402) return notify(chatTexts.noRequestsReply, "error", "upgrade");
  if (status === 409) return notify(chatTexts.busy, "info");
  // The mode's terms are not accepted (reset by an admin since they were loaded): the next send shows them.
  if (status === 403) {
    markTermsRefused();
    return notify(disclaimerTexts.required, "info");
  }
  if (status >= 500 && requestId) {
    return notify(`${chatTexts.sendFailed} ${chatTexts.requestId.replace("{id}", requestId)}`, "error");
  }
  notify(chatTexts.sendFailed, "error");
}
