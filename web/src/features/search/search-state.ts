import { create } from "zustand";

/** Whether the search window is open (the sidebar's field, Ctrl/Cmd+K). */
export const useSearch = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Ctrl+K, or ⌘K on a Mac. */
export const isSearchShortcut = (
  event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
) =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  (event.key.toLowerCase() === "k" || event.code === "KeyK");
