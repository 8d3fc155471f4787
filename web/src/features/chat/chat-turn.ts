import { create } from "zustand";
import type { ChatMessage, StreamingReply } from "./types";

/**
 * The chat's client state of one turn (docs/web.md "The chat's state"): the history itself is the
 * query cache's; this holds only what the server has not answered yet.
 */
export type TurnState = {
  /** The topic the turn is for: null in a new chat until its stream names the topic. */
  topicId: string | null;
  /** The latest turn: aborting it stops reading its stream (the server's reply goes on). */
  handle: AbortController | null;
  /** A send or a resumed reply is under way: the composer waits. */
  running: boolean;
  /** The turn started the topic: its history is not asked for until the first reply is saved. */
  created: boolean;
  stopRequested: boolean;
  /** The history is shown up to this message (a reply asked again, a question edited, a reply continued). */
  cut: number | null;
  /** After the history (or its cut): the questions sent, a reply ended, the app's notices. */
  local: ChatMessage[];
  /** The reply streaming in now (null before its first byte and after its end). */
  streaming: StreamingReply | null;
};

const idle: TurnState = {
  topicId: null,
  handle: null,
  running: false,
  created: false,
  stopRequested: false,
  cut: null,
  local: [],
  streaming: null,
};

export const useTurn = create<TurnState>(() => idle);

export const turnState = () => useTurn.getState();
export const setTurn = (patch: Partial<TurnState> | ((s: TurnState) => Partial<TurnState>)) => useTurn.setState(patch);

/** Whether `handle` is still the latest turn (the chat has not moved on). */
export const isCurrent = (handle: AbortController) => turnState().handle === handle;

/** Starts a turn for `topicId`: the one before is no longer read. */
export function beginTurn(topicId: string | null, patch: Partial<TurnState> = {}): AbortController {
  turnState().handle?.abort();
  const handle = new AbortController();
  setTurn({ topicId, handle, stopRequested: false, streaming: null, ...patch });
  return handle;
}

/** The local copies of images sent from this page, freed once they are off screen. */
function freePreviews(messages: ChatMessage[]) {
  if (typeof URL.revokeObjectURL !== "function") return;
  const urls = messages.flatMap((m) => m.attachments ?? []).flatMap((a) => (a.url?.startsWith("blob:") ? [a.url] : []));
  for (const url of urls) URL.revokeObjectURL(url);
}

/**
 * The server's copy of the topic is in the cache: the turn's copy goes, except the notices about
 * the last question (a failure is not in the history).
 */
export function dropLocalCopy() {
  const { local } = turnState();
  const lastQuestion = local.findLastIndex((m) => m.role === "user");
  freePreviews(local);
  setTurn({ cut: null, created: false, local: local.slice(lastQuestion + 1).filter((m) => m.notice) });
}

/** Forgets the turn: the chat moved to another topic, a new chat, or the user signed out. */
export function resetTurn() {
  turnState().handle?.abort();
  freePreviews(turnState().local);
  setTurn(idle);
}
