import { create } from "zustand";
import { ASSISTANT_TYPES, type AssistantType } from "../../../../worker/settings";
import { forgetOnSignOut } from "../auth/forget-on-sign-out";

// The modes and the topic type each falls under are the Worker's (worker/settings.ts), one list for both.
export { ASSISTANT_TYPES, type AssistantType, topicTypeOf } from "../../../../worker/settings";
export const MODE_STORAGE_KEY = "yasno-model";
export const DEFAULT_MODE: AssistantType = "explain_law";

const isMode = (value: unknown): value is AssistantType => ASSISTANT_TYPES.includes(value as AssistantType);

/** The picked mode, kept in local storage and accepted only if it is one of the four (docs/product.md §3). */
export const useMode = create<{ mode: AssistantType; setMode: (mode: AssistantType) => void }>((set) => ({
  mode: (() => {
    const stored = localStorage.getItem(MODE_STORAGE_KEY);
    return isMode(stored) ? stored : DEFAULT_MODE;
  })(),
  setMode: (mode) => {
    if (!isMode(mode)) return;
    localStorage.setItem(MODE_STORAGE_KEY, mode);
    set({ mode });
  },
}));

// The pick is the user's: the next one to sign in on this browser starts from the default (docs/product.md §4).
forgetOnSignOut(() => {
  localStorage.removeItem(MODE_STORAGE_KEY);
  useMode.setState({ mode: DEFAULT_MODE });
});
