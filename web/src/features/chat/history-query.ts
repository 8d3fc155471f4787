import { type InfiniteData, InfiniteQueryObserver, infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import { chatTexts } from "../../ui/texts/chat";
import type { ChatMessage } from "./types";

/** One page of a topic's history, oldest first, and the cursor of the page before it (null: the chat starts here). */
export type HistoryPage = { messages: ChatMessage[]; older: string | null };

/**
 * `GET /topics/{id}/history/[?cursor=]` (docs/conversations.md, docs/scale.md "Pages"): the topic's
 * messages page by page from the newest, in the query cache under the user and the topic. Always
 * asked again when the chat opens or a reply ends (`staleTime: 0`): a reply may have finished on
 * the server meanwhile, or in another tab; asking again reloads every page loaded so far.
 */
export const historyQuery = (user: string | null, topicId: string) =>
  infiniteQueryOptions({
    queryKey: ["history", user, topicId] as const,
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const query = pageParam ? { cursor: pageParam } : {};
      const res = await api.topics[":id"].history.$get({ param: { id: topicId }, query }, { init: { signal } }).catch(() => null);
      if (!res?.ok) throw new Error(res ? await errorMessage(res, chatTexts.historyFailed) : chatTexts.historyFailed);
      return { messages: await res.json(), older: res.headers.get("X-Next-Cursor") };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older,
    staleTime: 0,
  });

/** What is loaded of a topic, oldest first, and whether older messages are left to load. */
export type LoadedHistory = { messages: ChatMessage[]; older: boolean };

const loaded = (data: InfiniteData<HistoryPage, string | null>): LoadedHistory => ({
  messages: data.pages.toReversed().flatMap((p) => p.messages),
  older: data.pages.at(-1)?.older != null,
});

/** The pages loaded so far, read again (the first time: the newest page). */
export const fetchHistory = async (user: string | null, topicId: string): Promise<LoadedHistory> =>
  loaded(await queryClient.fetchInfiniteQuery(historyQuery(user, topicId)));

/** The page before the oldest loaded one: its messages, and whether there are older still. */
export async function fetchOlderHistory(user: string | null, topicId: string): Promise<LoadedHistory> {
  const result = await new InfiniteQueryObserver(queryClient, historyQuery(user, topicId)).fetchNextPage();
  if (!result.data || result.isError) throw result.error ?? new Error(chatTexts.historyFailed);
  const page = result.data.pages.at(-1)!;
  return { messages: page.messages, older: page.older != null };
}

/** Puts a history the server answered with (a switched branch: its newest page) in the cache as the only page. */
export const cacheNewestPage = (user: string | null, topicId: string, page: HistoryPage) =>
  queryClient.setQueryData(historyQuery(user, topicId).queryKey, { pages: [page], pageParams: [null] });
