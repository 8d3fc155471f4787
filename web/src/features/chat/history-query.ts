import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import { chatTexts } from "../../ui/texts/chat";
import { currentUserKey, useUserKey } from "../auth/session-user";
import type { ChatMessage } from "./types";

/** One page of a topic's history, oldest first, and the cursor of the page before it (null: the chat starts here). */
export type HistoryPage = { messages: ChatMessage[]; older: string | null };

/**
 * `GET /topics/{id}/history/[?cursor=]` (docs/conversations.md, docs/scale.md "Pages"): the topic's
 * messages page by page from the newest, in the query cache under the user and the topic: the one
 * copy of the history the chat shows (docs/web.md "The chat's state"). Asked again each time the
 * chat opens (a reply may have finished on the server meanwhile, or in another tab) and when a
 * reply ends (`refetchHistory`); asking again reloads every page loaded so far.
 */
export const historyQuery = (user: string | null, topicId: string) =>
  infiniteQueryOptions({
    queryKey: ["history", user, topicId] as const,
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const query = pageParam ? { cursor: pageParam } : {};
      const res = await api.topics[":id"].history
        .$get({ param: { id: topicId }, query }, { init: { signal } })
        .catch(() => null);
      if (!res?.ok) throw new Error(res ? await errorMessage(res, chatTexts.historyFailed) : chatTexts.historyFailed);
      return { messages: await res.json(), older: res.headers.get("X-Next-Cursor") };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older,
    refetchOnMount: "always",
  });

function oldestFirst(data: { pages: HistoryPage[] } | undefined): ChatMessage[] {
  return data ? data.pages.toReversed().flatMap((p) => p.messages) : [];
}

/**
 * The history of topic `topicId` on screen; `paused` while a new topic's first reply streams (its
 * history is the turn's question until the reply is saved).
 */
export function useHistory(topicId: string | null, paused = false) {
  const query = useInfiniteQuery({ ...historyQuery(useUserKey(), topicId ?? ""), enabled: !!topicId && !paused });
  const messages = useMemo(() => oldestFirst(query.data), [query.data]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadOlder = useCallback(
    async () => !hasNextPage || isFetchingNextPage || !(await fetchNextPage({ cancelRefetch: false })).isError,
    [fetchNextPage, hasNextPage, isFetchingNextPage],
  );
  return {
    messages,
    loading: query.isLoading,
    loaded: query.isSuccess,
    failed: query.isError && !query.data,
    older: hasNextPage,
    loadingOlder: isFetchingNextPage,
    /** The page before the oldest shown; false when it could not be read. */
    loadOlder,
  };
}

/** The topic's pages read again after a reply; null when they could not be read. */
export const refetchHistory = (topicId: string): Promise<ChatMessage[] | null> =>
  queryClient
    .fetchInfiniteQuery({ ...historyQuery(currentUserKey(), topicId), staleTime: 0 })
    .then(oldestFirst)
    .catch(() => null);

/** Puts a history the server answered with (a switched branch: its newest page) in the cache as the only page. */
export const cacheNewestPage = (topicId: string, page: HistoryPage) =>
  queryClient.setQueryData(historyQuery(currentUserKey(), topicId).queryKey, { pages: [page], pageParams: [null] });

/** Changes message `messageId` of the cached history in place (a rating shown before the server has it). */
export function patchCachedMessage(topicId: string, messageId: number, patch: Partial<ChatMessage>) {
  const patched = (m: ChatMessage) => (m.id === messageId ? { ...m, ...patch } : m);
  queryClient.setQueryData(
    historyQuery(currentUserKey(), topicId).queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(patched) })),
      },
  );
}

/** The topic's messages as the cache holds them, oldest first. */
export function cachedMessages(topicId: string): ChatMessage[] {
  return oldestFirst(queryClient.getQueryData(historyQuery(currentUserKey(), topicId).queryKey));
}
