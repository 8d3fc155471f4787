import { create } from "zustand";
import type { Topic } from "./topics-queries";

type TopicMenuState = {
  /** The topic the menu was opened for. */
  topic: Topic | null;
  /** Where the menu opens: the click's height (docs/product.md §2) at the dots button's side. */
  anchor: { x: number; y: number };
  /** "menu": the menu shows; "rename": the topic's title is an input instead. */
  mode: "menu" | "rename" | null;
  /** A dialog the menu opened: the share modal or the delete confirmation. */
  dialog: { kind: "share" | "delete"; topic: Topic } | null;
  openMenu: (topic: Topic, anchor: { x: number; y: number }) => void;
  openDialog: (kind: "share" | "delete") => void;
  closeDialog: () => void;
  startRename: () => void;
  /** docs/product.md §4: closing clears the picked topic and rename mode. */
  close: () => void;
};

export const useTopicMenu = create<TopicMenuState>((set, get) => ({
  topic: null,
  anchor: { x: 0, y: 0 },
  mode: null,
  dialog: null,
  openMenu: (topic, anchor) => set({ topic, anchor, mode: "menu" }),
  openDialog: (kind) => {
    const topic = get().topic;
    set({ topic: null, mode: null, dialog: topic ? { kind, topic } : null });
  },
  closeDialog: () => set({ dialog: null }),
  startRename: () => get().topic && set({ mode: "rename" }),
  close: () => set({ topic: null, mode: null }),
}));

/**
 * The menu's anchor for a click on the dots button: the vertical position of the click, kept
 * inside the window so the menu never opens off screen; horizontally the button's right edge.
 */
export function menuAnchor(
  click: { clientY: number },
  button: Pick<DOMRect, "right" | "top" | "bottom">,
  viewportHeight = window.innerHeight,
) {
  // A keyboard "click" has no pointer position (clientY 0): use the button's middle.
  const y = click.clientY > 0 ? click.clientY : (button.top + button.bottom) / 2;
  return { x: button.right, y: Math.min(Math.max(y, 0), viewportHeight) };
}
