import { create } from "zustand";
import { chatApi } from "../chat/chat-api";
import { onLogout, useAuth } from "../auth/auth-store";

import type { Limits } from "../../api/types";

/** One active limit row of `GET /limits/` (docs/conversations.md). */
export type LimitRow = Limits["limits"][number];

type LimitsState = {
  /** Null until the first answer: nothing is disabled on a guess. */
  available_requests: number | null;
  is_unlimited: boolean;
  limits: LimitRow[];
  /** Fetches the user's limits; a failure keeps what was there and says nothing (docs/product.md §8). */
  load: () => Promise<void>;
  clear: () => void;
};

const empty = { available_requests: null, is_unlimited: false, limits: [] } satisfies Partial<LimitsState>;

let sequence = 0;

export const useLimits = create<LimitsState>((set) => ({
  ...empty,
  load: async () => {
    if (useAuth.getState().status !== "authenticated") return;
    const mine = ++sequence;
    try {
      const res = await chatApi.limits();
      if (!res.ok) return;
      const body = (await res.json()) as Partial<LimitsState>;
      // An older answer must not overwrite a newer one (a load after a send races the one at start).
      if (mine !== sequence || typeof body.available_requests !== "number") return;
      set({ available_requests: body.available_requests, is_unlimited: body.is_unlimited === true, limits: Array.isArray(body.limits) ? body.limits : [] });
    } catch {
      // Silently ignored, as docs/product.md §8 says of the limits load.
    }
  },
  clear: () => {
    sequence += 1;
    set(empty);
  },
}));

/** docs/product.md §5: no requests left (an unlimited plan never runs out). */
export const selectOutOfRequests = (s: Pick<LimitsState, "available_requests" | "is_unlimited">) => !s.is_unlimited && s.available_requests === 0;

onLogout(() => useLimits.getState().clear());

// Loaded as soon as a user is signed in, and again for whoever signs in next.
if (useAuth.getState().status === "authenticated") void useLimits.getState().load();
useAuth.subscribe((state, previous) => {
  if (state.status === "authenticated" && previous.status !== "authenticated") void useLimits.getState().load();
});

// A payment finished in another tab (or a promo used there): coming back to this one shows it.
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && useAuth.getState().status === "authenticated") void useLimits.getState().load();
  });
}
