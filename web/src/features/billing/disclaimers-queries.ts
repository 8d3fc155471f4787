import { queryOptions, useQuery } from "@tanstack/react-query";
import { create } from "zustand";
import type { Disclaimer } from "../../../../worker/billing/schemas";
import { api } from "../../api/client";
import { queryClient } from "../../api/query-client";
import { currentUserKey, useSignedIn, useUserKey } from "../auth/session-user";
import { forgetOnSignOut } from "../auth/forget-on-sign-out";

export type { Disclaimer };

const disclaimersKey = ["disclaimers"] as const;

/** `GET /disclaimers/`: every mode's terms for the caller, with `accepted` (docs/billing.md). */
export const disclaimersQuery = (user: string | null) =>
  queryOptions({
    queryKey: [...disclaimersKey, user] as const,
    queryFn: async (): Promise<Disclaimer[]> => {
      const res = await api.disclaimers.$get();
      if (!res.ok) throw new Error(`disclaimers answered ${res.status}`);
      return res.json();
    },
  });

/** Loads the terms when a composer appears, so a send can usually decide at once. */
export const useDisclaimers = () => useQuery({ ...disclaimersQuery(useUserKey()), enabled: useSignedIn() });

/**
 * The server refused a send for terms not accepted (403): the client's idea of the mode may be
 * wrong (a topic of another mode opened by its link), so the next send offers any pending terms.
 * Client state: what this tab learnt from a refusal, forgotten on sign-out.
 */
export const useTermsRefused = create<{ refused: boolean }>(() => ({ refused: false }));

forgetOnSignOut(() => useTermsRefused.setState({ refused: false }));

/**
 * The terms as a send needs them: the cached list, or the answer on its way; null when they
 * cannot be loaded (the send goes on, and the server still refuses it if it must).
 */
export const settledDisclaimers = (): Promise<Disclaimer[] | null> =>
  queryClient.fetchQuery(disclaimersQuery(currentUserKey())).catch(() => null);

/**
 * The same when it is known already (loaded, or failed: null), so a send can decide at once; undefined while on its
 * way.
 */
export function knownDisclaimers(): Disclaimer[] | null | undefined {
  const state = queryClient.getQueryState(disclaimersQuery(currentUserKey()).queryKey);
  if (state?.status === "success") return state.data ?? null;
  if (state?.status === "error") return null;
  return undefined;
}

/**
 * The terms to accept before sending in `assistantType`: the mode's, when not accepted (the current
 * version); after a refused send, any terms still pending. Null when nothing stands in the way.
 */
export function pendingDisclaimer(items: Disclaimer[] | null, assistantType: string): Disclaimer | null {
  const list = items ?? [];
  const refused = useTermsRefused.getState().refused;
  return (
    list.find((d) => d.assistant_type === assistantType && !d.accepted) ??
    (refused ? (list.find((d) => !d.accepted) ?? null) : null)
  );
}

const refetch = () => queryClient.refetchQueries({ queryKey: disclaimersKey });

/**
 * `POST /disclaimers/{type}/accept` for the version the user read: "changed" when the terms were
 * changed meanwhile (they are loaded again, to be read again), "failed" for anything else.
 */
export async function acceptDisclaimer({
  assistant_type,
  version,
}: Disclaimer): Promise<"accepted" | "changed" | "failed"> {
  const res = await api.disclaimers[":assistantType"].accept
    .$post({ param: { assistantType: encodeURIComponent(assistant_type) }, json: { version } })
    .catch(() => null);
  // 409, which the route's types do not list: the terms changed since they were shown.
  if (res && (res.status as number) === 409) {
    await refetch();
    return "changed";
  }
  if (!res?.ok) return "failed";
  const accepted = await res.json().catch(() => null);
  useTermsRefused.setState({ refused: false });
  queryClient.setQueriesData<Disclaimer[]>({ queryKey: disclaimersKey }, (items) =>
    items?.map((d) => (d.assistant_type === assistant_type ? { ...d, ...accepted, accepted: true } : d)),
  );
  return "accepted";
}

/** A send was refused with 403: load the terms again and remember it. */
export function markTermsRefused() {
  useTermsRefused.setState({ refused: true });
  void refetch();
}
