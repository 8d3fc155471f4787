import { create } from "zustand";
import { forgetOnSignOut } from "../auth/forget-on-sign-out";

export type SettingsTab = "account" | "subscription" | "privacy" | "company";
export type SubscriptionView = "active" | "available";

type SettingsState = {
  open: boolean;
  tab: SettingsTab;
  /** Which part of the subscription tab shows: the active limits or the plans to buy. */
  view: SubscriptionView;
  /** Opens the modal; only the subscription tab may pick a view, anything else starts on "active". */
  openSettings: (tab?: SettingsTab, view?: SubscriptionView) => void;
  /** Closing always resets the view to "active" (docs/product.md §4). */
  close: () => void;
  setTab: (tab: SettingsTab) => void;
  setView: (view: SubscriptionView) => void;
  /** Signed out: a session that ended with the modal open must not reopen it at the next sign-in. */
  reset: () => void;
};

export const useSettings = create<SettingsState>((set) => ({
  open: false,
  tab: "account",
  view: "active",
  openSettings: (tab = "account", view) =>
    set({ open: true, tab, view: tab === "subscription" && view ? view : "active" }),
  close: () => set({ open: false, view: "active" }),
  setTab: (tab) => set({ tab }),
  setView: (view) => set({ view }),
  reset: () => set({ open: false, tab: "account", view: "active" }),
}));

forgetOnSignOut(() => useSettings.getState().reset());
