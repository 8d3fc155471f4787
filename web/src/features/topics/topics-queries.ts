import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import type { Topic, TopicGroup } from "../../api/types";
import { topicsTexts } from "../../ui/texts/topics";
import { useSignedIn, useUserKey } from "../auth/session-user";
import { useSidebar } from "./sidebar-state";

export type { Topic, TopicGroup };
export type TopicStatus = Topic["status"];
export type TopicType = "law" | "gpt" | "estate" | "all";

/** What one list shows: which status, which type, which folder (null: every topic). */
export type TopicQuery = { status: TopicStatus; type: TopicType; folderId: number | null };

/** The browser's IANA zone: the server groups the list by the caller's days. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/Moscow";

const topicsKey = ["topics"] as const;
const topicKey = ["topic"] as const;

/** One page of a list: its day groups and the next page's cursor (X-Next-Cursor), null on the last. */
export type TopicPage = { groups: TopicGroup[]; next: string | null };

/**
 * `GET /topics/{status}/{type}?topics_type={type}&tz=[&folder_id=][&cursor=]` (docs/conversations.md;
 * `topics_type`: docs/product.md §7), the user's list for `query`, page by page (docs/scale.md
 * "Pages"). Moving to another list (a mode, the archive, a folder) asks the server again, as a topic
 * may have moved meanwhile; a screen that only reads the list (the share dialog) does not.
 */
export const topicListQuery = (user: string | null, query: TopicQuery) =>
  infiniteQueryOptions({
    queryKey: [...topicsKey, user, query.status, query.type, query.folderId] as const,
    queryFn: ({ pageParam }) => fetchPage(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TopicPage) => last.next,
    staleTime: 0,
    refetchOnMount: false,
  });

async function fetchPage(query: TopicQuery, cursor: string | null): Promise<TopicPage> {
  const res = await api.topics[":status"][":type"]
    .$get({
      param: { status: query.status, type: query.type },
      query: {
        topics_type: query.type,
        tz: browserTimeZone(),
        ...(query.folderId != null ? { folder_id: String(query.folderId) } : {}),
        ...(cursor ? { cursor } : {}),
      },
    })
    .catch(() => null);
  if (!res) throw new Error(topicsTexts.loadFailed);
  if (!res.ok) throw new Error(await errorMessage(res, topicsTexts.loadFailed));
  return { groups: await res.json(), next: res.headers.get("X-Next-Cursor") };
}

/**
 * The loaded pages as one list of day groups: a day (or the pinned group) continued on the next page joins its group.
 */
export function joinPages(pages: TopicPage[]): TopicGroup[] {
  const joined: TopicGroup[] = [];
  for (const group of pages.flatMap((p) => p.groups)) {
    const last = joined.at(-1);
    if (last && last.date === group.date)
      joined[joined.length - 1] = { ...last, topics: [...last.topics, ...group.topics] };
    else joined.push(group);
  }
  return joined;
}

/**
 * The list the sidebar shows: the filter's type (every mode's until the user picks one), the active topics or the
 * archive, maybe one folder.
 */
export function useTopicQuery(): TopicQuery {
  const type = useSidebar((s) => s.typeFilter);
  const status = useSidebar((s) => s.status);
  const folderId = useSidebar((s) => s.folderId);
  return { type, status, folderId };
}

/**
 * The sidebar's list (docs/product.md §4), loaded once per user and query, again after a change;
 * `data` is the loaded pages joined, `fetchNextPage` brings the next one (on scroll).
 */
export function useTopicList() {
  const query = useTopicQuery();
  return {
    query,
    ...useInfiniteQuery({
      ...topicListQuery(useUserKey(), query),
      enabled: useSignedIn(),
      select: (data) => joinPages(data.pages),
    }),
  };
}

/** `GET /topics/{id}`: one topic, for a chat the loaded pages of the list do not have. */
export const topicQuery = (user: string | null, id: string) =>
  queryOptions({
    queryKey: [...topicKey, user, id] as const,
    queryFn: async () => {
      const res = await api.topics[":id"].$get({ param: { id } });
      if (!res.ok) throw new Error(await errorMessage(res, topicsTexts.loadFailed));
      return res.json();
    },
  });

/**
 * A topic by id (its latest name, mode and share link): from the sidebar's loaded pages when they
 * have it, else asked for on its own (a chat opened by link or from search, beyond the first page).
 */
export function useListedTopic(id: number | string | null): Topic | null {
  const listed =
    useTopicList()
      .data?.flatMap((g) => g.topics)
      .find((t) => String(t.id) === String(id)) ?? null;
  const own = useQuery({ ...topicQuery(useUserKey(), String(id)), enabled: useSignedIn() && id != null && !listed });
  return listed ?? (id != null ? (own.data ?? null) : null);
}

/**
 * Every list asks the server again (a new chat, a finished reply, a pin, a deleted folder), and so does every single
 * topic.
 */
export const invalidateTopics = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: topicsKey }),
    queryClient.invalidateQueries({ queryKey: topicKey }),
  ]);

/** Rewrites every cached list, page by page; groups left empty go. */
function updateLists(update: (topics: Topic[], query: TopicQuery) => Topic[]) {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<TopicPage, string | null>>({
    queryKey: topicsKey,
  })) {
    if (!data) continue;
    const [, , status, type, folderId] = key as ReturnType<typeof topicListQuery>["queryKey"];
    const query = { status, type, folderId };
    const pages = data.pages.map((page) => ({
      ...page,
      groups: page.groups.map((g) => ({ ...g, topics: update(g.topics, query) })).filter((g) => g.topics.length > 0),
    }));
    queryClient.setQueryData<InfiniteData<TopicPage, string | null>>(key, { ...data, pages });
  }
}

/** Rewrites the cached single topics (`topicQuery`) with the same change. */
function updateSingles(update: (topic: Topic) => Topic) {
  for (const [key, topic] of queryClient.getQueriesData<Topic>({ queryKey: topicKey }))
    if (topic) queryClient.setQueryData(key, update(topic));
}

/** Puts a changed topic in place (rename, move...), or drops it from the lists it no longer belongs to. */
export function applyTopic(topic: Topic) {
  updateSingles((t) => (t.id === topic.id ? topic : t));
  updateLists((topics, query) => {
    const belongs = topic.status === query.status && (query.folderId == null || query.folderId === topic.folder_id);
    return belongs ? topics.map((t) => (t.id === topic.id ? topic : t)) : topics.filter((t) => t.id !== topic.id);
  });
}

/** Changes some fields of a listed topic (its share hash) without asking the server. */
export function patchTopic(id: number, patch: Partial<Topic>) {
  updateSingles((t) => (t.id === id ? { ...t, ...patch } : t));
  updateLists((topics) => topics.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

export const removeTopic = (id: number) => updateLists((topics) => topics.filter((t) => t.id !== id));
