import { create } from "zustand";
import { billingApi, type Disclaimer } from "./billing-api";
import { onLogout, useAuth } from "../auth/auth-store";

type DisclaimersState = {
  items: Disclaimer[];
  /** "loaded" once `GET /disclaimers/` answered; "failed" lets sends through (the server still refuses them). */
  state: "idle" | "loading" | "loaded" | "failed";
  /**
   * The server refused a send for terms not accepted (403): the client's idea of the mode may be
   * wrong (a topic of another mode opened by its link), so the next send offers any pending terms.
   */
  refused: boolean;
  /** Loads the caller's disclaimers unless they are loaded or on their way; `force` asks again (after the server refused a send). */
  load: (force?: boolean) => Promise<void>;
  /**
   * `POST /disclaimers/{type}/accept` for the version the user read: "changed" when the terms were
   * changed meanwhile (they are loaded again, to be read again), "failed" for anything else.
   */
  accept: (disclaimer: Disclaimer) => Promise<"accepted" | "changed" | "failed">;
  /** A send was refused with 403: load the terms again and remember it. */
  markRefused: () => void;
  clear: () => void;
};

let inFlight: Promise<void> | null = null;
let generation = 0;

export const useDisclaimers = create<DisclaimersState>((set, get) => ({
  items: [],
  state: "idle",
  refused: false,
  load: (force = false) => {
    if (useAuth.getState().status !== "authenticated") return Promise.resolve();
    if (inFlight) return inFlight;
    if (get().state === "loaded" && !force) return Promise.resolve();
    const mine = generation;
    set({ state: "loading" });
    const promise = (async () => {
      let items: Disclaimer[] | null = null;
      try {
        const res = await billingApi.disclaimers();
        const body = res.ok ? ((await res.json()) as unknown) : null;
        if (Array.isArray(body)) items = body as Disclaimer[];
      } catch {
        items = null;
      }
      if (mine !== generation) return;
      set(items ? { items, state: "loaded" } : { state: "failed" });
    })();
    inFlight = promise;
    void promise.finally(() => {
      if (inFlight === promise) inFlight = null;
    });
    return promise;
  },
  accept: async ({ assistant_type, version }) => {
    try {
      const res = await billingApi.acceptDisclaimer(assistant_type, version);
      if (res.status === 409) {
        await get().load(true);
        return "changed";
      }
      if (!res.ok) return "failed";
      const accepted = (await res.json().catch(() => null)) as Disclaimer | null;
      set((s) => ({
        refused: false,
        items: s.items.map((d) => (d.assistant_type === assistant_type ? { ...d, ...(accepted ?? {}), accepted: true } : d)),
      }));
      return "accepted";
    } catch {
      return "failed";
    }
  },
  markRefused: () => {
    set({ refused: true });
    void get().load(true);
  },
  clear: () => {
    generation += 1;
    inFlight = null;
    set({ items: [], state: "idle", refused: false });
  },
}));

/**
 * The terms to accept before sending in `assistantType`: the mode's, when not accepted (the current
 * version); after a refused send, any terms still pending. Null when nothing stands in the way.
 */
export function pendingDisclaimer({ items, refused }: Pick<DisclaimersState, "items" | "refused">, assistantType: string): Disclaimer | null {
  return items.find((d) => d.assistant_type === assistantType && !d.accepted) ?? (refused ? (items.find((d) => !d.accepted) ?? null) : null);
}

onLogout(() => useDisclaimers.getState().clear());
