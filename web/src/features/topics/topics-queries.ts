import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import type { Topic, TopicGroup } from "../../api/types";
import { texts } from "../../ui/texts";
import { useSignedIn, useUserKey } from "../auth/session-user";
import { topicTypeOf, useMode } from "../modes/mode-store";
import { useSidebar } from "./sidebar-state";

export type { Topic, TopicGroup };
export type TopicStatus = Topic["status"];
export type TopicType = "law" | "gpt" | "estate" | "all";

/** What one list shows: which status, which type, which folder (null: every topic). */
export type TopicQuery = { status: TopicStatus; type: TopicType; folderId: number | null };

/** The browser's IANA zone: the server groups the list by the caller's days. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/Moscow";

const topicsKey = ["topics"] as const;

/**
 * `GET /topics/{status}/{type}?tz=[&folder_id=]` (docs/conversations.md), the user's list for
 * `query`. Moving to another list (a mode, the archive, a folder) asks the server again, as a
 * topic may have moved meanwhile; a screen that only reads the list (the share dialog) does not.
 */
export const topicListQuery = (user: string | null, query: TopicQuery) =>
  queryOptions({
    queryKey: [...topicsKey, user, query.status, query.type, query.folderId] as const,
    queryFn: () => fetchGroups(query),
    staleTime: 0,
    refetchOnMount: false,
  });

async function fetchGroups(query: TopicQuery): Promise<TopicGroup[]> {
  const res = await api.topics[":status{[a-z]+}"][":type{[a-z]+}"]
    .$get({
      param: { status: query.status, type: query.type },
      query: { tz: browserTimeZone(), ...(query.folderId != null ? { folder_id: String(query.folderId) } : {}) },
    })
    .catch(() => null);
  if (!res) throw new Error(texts.topics.loadFailed);
  if (!res.ok) throw new Error(await errorMessage(res, texts.topics.loadFailed));
  return res.json();
}

/** The list the sidebar shows: the filter's type (the picked mode's by default), the active topics or the archive, maybe one folder. */
export function useTopicQuery(): TopicQuery {
  const picked = topicTypeOf(useMode((s) => s.mode));
  const type = useSidebar((s) => s.typeFilter) ?? picked;
  const status = useSidebar((s) => s.status);
  const folderId = useSidebar((s) => s.folderId);
  return { type, status, folderId };
}

/** The sidebar's list (docs/product.md §4), loaded once per user and query, again after a change. */
export function useTopicList() {
  const query = useTopicQuery();
  return { query, ...useQuery({ ...topicListQuery(useUserKey(), query), enabled: useSignedIn() }) };
}

/** A listed topic by id (its latest name and share link), if the sidebar's list has it. */
export const useListedTopic = (id: number | string | null) =>
  useTopicList()
    .data?.flatMap((g) => g.topics)
    .find((t) => String(t.id) === String(id)) ?? null;

/** Every list asks the server again (a new chat, a finished reply, a pin, a deleted folder). */
export const invalidateTopics = () => queryClient.invalidateQueries({ queryKey: topicsKey });

/** Rewrites every cached list; groups left empty go. */
function updateLists(update: (topics: Topic[], query: TopicQuery) => Topic[]) {
  for (const [key, groups] of queryClient.getQueriesData<TopicGroup[]>({ queryKey: topicsKey })) {
    if (!groups) continue;
    const [, , status, type, folderId] = key as ReturnType<typeof topicListQuery>["queryKey"];
    const query = { status, type, folderId };
    queryClient.setQueryData<TopicGroup[]>(
      key,
      groups.map((g) => ({ ...g, topics: update(g.topics, query) })).filter((g) => g.topics.length > 0),
    );
  }
}

/** Puts a changed topic in place (rename, move...), or drops it from the lists it no longer belongs to. */
export function applyTopic(topic: Topic) {
  updateLists((topics, query) => {
    const belongs = topic.status === query.status && (query.folderId == null || query.folderId === topic.folder_id);
    return belongs ? topics.map((t) => (t.id === topic.id ? topic : t)) : topics.filter((t) => t.id !== topic.id);
  });
}

/** Changes some fields of a listed topic (its share hash) without asking the server. */
export const patchTopic = (id: number, patch: Partial<Topic>) => updateLists((topics) => topics.map((t) => (t.id === id ? { ...t, ...patch } : t)));

export const removeTopic = (id: number) => updateLists((topics) => topics.filter((t) => t.id !== id));
