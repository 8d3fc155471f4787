import { create } from "zustand";

export const ASSISTANT_TYPES = ["explain_law", "gpt", "explain_estate", "explain_img"] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];
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

/** docs/product.md §3: explain_law → law, explain_estate → estate, anything else → gpt. */
export const topicTypeOf = (mode: string): "law" | "gpt" | "estate" => (mode === "explain_law" ? "law" : mode === "explain_estate" ? "estate" : "gpt");
