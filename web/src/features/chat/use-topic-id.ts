import { useParams } from "react-router";
import { useTurn } from "./chat-turn";

/** The URL's `:id`, the one place of the topic on screen (docs/web.md "The chat's state"); null in a new chat. */
export const useUrlTopicId = (): string | null => useParams<{ id?: string }>().id ?? null;

/**
 * The topic on screen: the URL's, or in a new chat the topic its stream has named, for the moment
 * the URL takes to follow (a navigation lands as a transition, after the chunks streaming meanwhile).
 */
export function useTopicId(): string | null {
  const url = useUrlTopicId();
  const named = useTurn((s) => s.topicId);
  return url ?? named;
}

/** Runs `action` on the topic on screen with `args`; nothing in a new chat, which has no topic yet. */
export function useTopicAction() {
  const topicId = useTopicId();
  return <A extends unknown[]>(action: (topicId: string, ...args: A) => unknown, ...args: A) => {
    if (topicId) void action(topicId, ...args);
  };
}
