import { create } from "zustand";
import { api } from "../../api/client";
import { errorMessage } from "../../api/errors";
import { texts } from "../../ui/texts";
import { onLogout, useAuth } from "../auth/auth-store";

import type { Topic, TopicGroup } from "../../api/types";

export type { Topic, TopicGroup };
export type TopicStatus = Topic["status"];
export type TopicType = "law" | "gpt" | "estate" | "all";

/** What one list shows: which status, which type, which folder (null: every topic). */
export type TopicQuery = { status: TopicStatus; type: TopicType; folderId: number | null };

type TopicsState = {
  groups: TopicGroup[];
  /** "loaded" once a list has arrived for `loaded`; "error" keeps the previous groups and sets `error`. */
  state: "idle" | "loading" | "loaded" | "error";
  error: string | null;
  /** The query of the list being shown (or being loaded). */
  query: TopicQuery | null;
  /** The access token the list was loaded with: another user's list must not survive a sign-in. */
  token: string | null;
  /** Loads the list for `query`, unless that same list is already loaded or on its way. */
  load: (query: TopicQuery) => Promise<void>;
  /** Loads the current list again (after a new chat or a finished reply). */
  reload: () => Promise<void>;
  /** Puts a changed topic in place (rename, pin...), or drops it when it no longer belongs to the list. */
  applyTopic: (topic: Topic) => void;
  /** Changes some fields of a listed topic (e.g. its share hash) without loading the list. */
  patchTopic: (id: number, patch: Partial<Topic>) => void;
  removeTopic: (id: number) => void;
  clear: () => void;
};

/** The browser's IANA zone: the server groups the list by the caller's days. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/Moscow";

const sameQuery = (a: TopicQuery | null, b: TopicQuery | null) => !!a && !!b && a.status === b.status && a.type === b.type && a.folderId === b.folderId;

let inFlight: { query: TopicQuery; token: string | null; promise: Promise<void> } | null = null;
let sequence = 0;

const currentToken = () => useAuth.getState().record?.access_token ?? null;

async function fetchGroups(query: TopicQuery): Promise<{ groups: TopicGroup[] } | { error: string }> {
  try {
    const res = await api.topics[":status{[a-z]+}"][":type{[a-z]+}"].$get({
      param: { status: query.status, type: query.type },
      query: { tz: browserTimeZone(), ...(query.folderId != null ? { folder_id: String(query.folderId) } : {}) },
    });
    if (!res.ok) return { error: await errorMessage(res, texts.topics.loadFailed) };
    const body = (await res.json()) as unknown;
    return Array.isArray(body) ? { groups: body as TopicGroup[] } : { error: texts.topics.loadFailed };
  } catch {
    return { error: texts.topics.loadFailed };
  }
}

function startLoad(query: TopicQuery, token: string | null): Promise<void> {
  const mine = ++sequence;
  const promise = fetchGroups(query).then((result) => {
    if (inFlight?.promise === promise) inFlight = null;
    // A later load (another type, a reload, a sign-out) wins over this one.
    if (mine !== sequence) return;
    if ("groups" in result) useTopics.setState({ groups: result.groups, state: "loaded", error: null });
    else useTopics.setState({ state: "error", error: result.error });
  });
  inFlight = { query, token, promise };
  useTopics.setState((s) => ({
    query,
    token,
    state: "loading",
    // Another list's topics must not show under this one's while it loads.
    groups: sameQuery(s.query, query) && s.token === token ? s.groups : [],
  }));
  return promise;
}

export const useTopics = create<TopicsState>((set, get) => ({
  groups: [],
  state: "idle",
  error: null,
  query: null,
  token: null,
  load: async (query) => {
    const token = currentToken();
    if (inFlight && sameQuery(inFlight.query, query) && inFlight.token === token) return inFlight.promise;
    const s = get();
    if (s.state === "loaded" && sameQuery(s.query, query) && s.token === token) return;
    return startLoad(query, token);
  },
  reload: async () => {
    const { query } = get();
    if (!query) return;
    return startLoad(query, currentToken());
  },
  applyTopic: (topic) =>
    set((s) => {
      const belongs = !!s.query && topic.status === s.query.status && (s.query.folderId == null || s.query.folderId === topic.folder_id);
      return {
        groups: s.groups
          .map((group) => ({
            ...group,
            topics: belongs ? group.topics.map((t) => (t.id === topic.id ? topic : t)) : group.topics.filter((t) => t.id !== topic.id),
          }))
          .filter((group) => group.topics.length > 0),
      };
    }),
  patchTopic: (id, patch) =>
    set((s) => ({
      groups: s.groups.map((group) => ({ ...group, topics: group.topics.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
    })),
  removeTopic: (id) =>
    set((s) => ({
      groups: s.groups.map((group) => ({ ...group, topics: group.topics.filter((t) => t.id !== id) })).filter((group) => group.topics.length > 0),
    })),
  clear: () => {
    sequence++;
    inFlight = null;
    set({ groups: [], state: "idle", error: null, query: null, token: null });
  },
}));

// docs/product.md §4: signing out empties the topics.
onLogout(() => useTopics.getState().clear());
