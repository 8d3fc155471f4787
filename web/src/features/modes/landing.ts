import { topicTypeOf } from "./mode-store";
import type { TopicGroup, TopicQuery } from "../topics/topics-queries";

/** What `navigate` puts in the history entry when a mode was just picked on Main. */
export type PickedState = { picked: true };
export const pickedState: PickedState = { picked: true };
export const cameFromPicker = (state: unknown) => (state as Partial<PickedState> | null)?.picked === true;

type Input = {
  pathname: string;
  /** The new chat was opened by picking a mode on Main. */
  picked: boolean;
  mode: string;
  topics: { state: "idle" | "loading" | "loaded" | "error"; query: TopicQuery | null; groups: TopicGroup[] };
};

/**
 * docs/product.md §2 "Main landing page", as docs/web.md reads it: on the new-chat route, once the topic
 * list of the picked mode has finished loading and is empty, the user goes to Main to pick a mode
 * (replacing the history entry); a spinner shows while that list loads. A new chat opened from
 * Main's picker stays (else it would bounce straight back), and so does any other route.
 */
export function landingDecision({ pathname, picked, mode, topics }: Input): "stay" | "wait" | "redirect" {
  if (pathname.replace(/\/+$/, "") !== "/chat" || picked) return "stay";
  const { query, state, groups } = topics;
  // Only the main list, of every mode (the filter's default) or of the picked mode's type, says whether
  // the user has chats to come back to (the archive, a folder or another mode's list says nothing about it).
  const main = (q: TopicQuery) => q.type === "all" || q.type === topicTypeOf(mode);
  if (query && (query.status !== "active" || query.folderId != null || !main(query))) return "stay";
  if (!query || state === "idle" || state === "loading") return "wait";
  if (state === "error") return "stay";
  return groups.every((group) => group.topics.length === 0) ? "redirect" : "stay";
}
