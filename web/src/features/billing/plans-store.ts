import { create } from "zustand";
import { billingApi, type Plan } from "./billing-api";
import { onLogout } from "../auth/auth-store";

type PlansState = {
  plans: Plan[];
  /** "loaded" once an answer has arrived; a failure goes back to "idle" so the next opening asks again. */
  state: "idle" | "loading" | "loaded";
  /** docs/product.md §4: loads the plans unless they are loaded or on their way; failures are silent (§8). */
  load: () => Promise<void>;
  clear: () => void;
};

let inFlight: Promise<void> | null = null;
let generation = 0;

export const usePlans = create<PlansState>((set, get) => ({
  plans: [],
  state: "idle",
  load: () => {
    if (get().state === "loaded") return Promise.resolve();
    if (inFlight) return inFlight;
    const mine = generation;
    set({ state: "loading" });
    const promise = (async () => {
      let plans: Plan[] | null = null;
      try {
        const res = await billingApi.plans();
        const body = res.ok ? ((await res.json()) as unknown) : null;
        if (Array.isArray(body)) plans = body as Plan[];
      } catch {
        // Silently ignored (docs/product.md §8): the view shows no plans and asks again next time.
      }
      if (mine !== generation) return;
      // Users see visible plans only; the server already filters, and an admin's list keeps its hidden ones out of the shop.
      set(plans ? { plans: plans.filter((p) => p.is_visible !== false), state: "loaded" } : { state: "idle" });
    })();
    inFlight = promise;
    void promise.finally(() => {
      if (inFlight === promise) inFlight = null;
    });
    return promise;
  },
  clear: () => {
    generation += 1;
    inFlight = null;
    set({ plans: [], state: "idle" });
  },
}));

onLogout(() => usePlans.getState().clear());
