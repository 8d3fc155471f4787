import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import type { Notice } from "../../api/types";
import { useSignedIn, useUserKey } from "../auth/session-user";

export type { Notice };

/** How often the bell asks for new notices while someone is signed in. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The unread notices, newest first, and how many there are. */
type Unread = { items: Notice[]; unread: number };

const noticesKey = ["notifications"] as const;

/**
 * `GET /notifications/?unread=true` (docs/operations.md): the count from `X-Unread-Count` (the
 * list's length without it). Asked every minute and whenever the tab comes back while the bell is
 * there; a failed poll keeps what was there and says nothing (the next one tries again).
 */
export const unreadNoticesQuery = (user: string | null) =>
  queryOptions({
    queryKey: [...noticesKey, user] as const,
    queryFn: async (): Promise<Unread> => {
      const res = await api.notifications.$get({ query: { unread: "true" } });
      if (!res.ok) throw new Error(`notifications answered ${res.status}`);
      const items = await res.json();
      const header = Number(res.headers.get("X-Unread-Count") ?? Number.NaN);
      return { items, unread: Number.isFinite(header) ? header : items.length };
    },
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const useUnreadNotices = () =>
  useQuery({ ...unreadNoticesQuery(useUserKey()), enabled: useSignedIn() }).data ?? { items: [], unread: 0 };

/** Takes notices off the cached list at once (optimistic); the server's answer decides after. */
async function markOptimistically(drop: (items: Notice[]) => Notice[], call: () => Promise<{ ok: boolean }>) {
  // A poll in flight would bring the notices back: it is cancelled, and the next one asks again.
  await queryClient.cancelQueries({ queryKey: noticesKey });
  queryClient.setQueriesData<Unread>({ queryKey: noticesKey }, (before) => {
    if (!before) return before;
    const items = drop(before.items);
    return { items, unread: Math.max(0, before.unread - (before.items.length - items.length)) };
  });
  const ok = await call()
    .then((res) => res.ok)
    .catch(() => false);
  if (!ok) await queryClient.invalidateQueries({ queryKey: noticesKey });
}

export const markNoticeRead = (id: number) =>
  markOptimistically(
    (items) => items.filter((n) => n.id !== id),
    () => api.notifications[":id"].read.$post({ param: { id: String(id) } }),
  );

export const markAllNoticesRead = () =>
  markOptimistically(
    () => [],
    () => api.notifications["read-all"].$post(),
  );
