import { forgetOnSignOut } from "../auth/forget-on-sign-out";
import { resetTurn, turnState } from "./chat-turn";
import { dropDrafts, useDraftFiles } from "./draft-files";

/** Clears the chat's client state: the turn, its notices and the composer's files ("Новый чат", sign-out). */
export function resetChat() {
  resetTurn();
  dropDrafts();
}

/**
 * The URL moved to topic `topicId` (null: a new chat): what belongs to another topic goes. A new
 * chat's turn that named its topic is that topic's, so the chat streaming there stays as it is.
 */
export function leaveOtherTopics(topicId: string | null) {
  if (turnState().topicId !== topicId) resetTurn();
  if (useDraftFiles.getState().topicId !== topicId) dropDrafts();
}

forgetOnSignOut(resetChat);
