import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Limits } from "../../../../worker/billing/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { currentUserKey, useSignedIn, useUserKey } from "../auth/session-user";

export type { Limits };
/** One active limit row of `GET /limits/` (docs/billing.md). */
export type LimitRow = Limits["limits"][number];

const limitsKey = ["limits"] as const;

/**
 * `GET /limits/`: the user's requests. Asked again whenever the tab comes back into view (a pack
 * bought or a promo used in another tab shows up: TanStack's focus manager listens to
 * `visibilitychange`), and after a send, a promo or a payment (`invalidateLimits`). A failure keeps
 * what was there and says nothing (docs/product.md §8).
 */
export const limitsQuery = (user: string | null) =>
  queryOptions({
    queryKey: [...limitsKey, user] as const,
    queryFn: async (): Promise<Limits> => {
      const res = await api.limits.$get();
      if (!res.ok) throw new Error(`limits answered ${res.status}`);
      return res.json();
    },
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** The signed-in user's limits; undefined until the first answer (nothing is disabled on a guess). */
export const useLimits = () => useQuery({ ...limitsQuery(useUserKey()), enabled: useSignedIn() }).data;

/** The limits changed on the server (a send): the screens that show them read them again. */
export const invalidateLimits = () => queryClient.invalidateQueries({ queryKey: limitsKey });

/**
 * Reads the limits now, whether or not a screen shows them yet, and settles once they are in the
 * cache (a payment or a promo: the page that says so shows the new cards at once).
 */
export const refreshLimits = () =>
  queryClient.fetchQuery({ ...limitsQuery(currentUserKey()), staleTime: 0 }).catch(() => undefined);

/** A company pool the user's sends come from first, with something left in it for them. */
export const usablePool = (limits: Partial<Pick<Limits, "pool">> | undefined) =>
  limits?.pool && (limits.pool.is_unlimited || limits.pool.available_requests > 0) ? limits.pool : null;

/**
 * docs/product.md §5: no requests left (an unlimited plan never runs out, a company pool counts; unknown is not out).
 */
export const outOfRequests = (
  limits: (Pick<Limits, "available_requests" | "is_unlimited"> & Partial<Pick<Limits, "pool">>) | undefined,
) => !!limits && !limits.is_unlimited && limits.available_requests === 0 && !usablePool(limits);
