import { create } from "zustand";
import type { TopicType } from "../../../../worker/settings";
import type { Topic } from "../../api/types";
import { forgetOnSignOut } from "../auth/forget-on-sign-out";

type TopicStatus = Topic["status"];

/** docs/product.md §2, §9: the sidebar's open state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;

/** The open state the cookie holds; open when there is none. */
export function readSidebarCookie(cookie = document.cookie): boolean {
  const value = cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === SIDEBAR_COOKIE)?.[1];
  return value !== "false";
}

export function writeSidebarCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

type SidebarState = {
  /** Desktop: expanded (true) or icons only (false); kept in the cookie. */
  open: boolean;
  /** Phone: whether the drawer is shown; never kept. */
  drawerOpen: boolean;
  /** Which list shows: the active topics (the main list) or the archive. */
  status: TopicStatus;
  /** The folder the list is narrowed to; null: every topic of the mode. */
  folderId: number | null;
  /** Which chats the list shows by mode (docs/web.md "Sidebar filter"): every mode's until the user picks one. */
  typeFilter: TopicType;
  setTypeFilter: (type: TopicType) => void;
  setStatus: (status: TopicStatus) => void;
  setFolderId: (folderId: number | null) => void;
  /** A failed action's text, shown above the list until dismissed. */
  notice: string | null;
  setNotice: (notice: string | null) => void;
  setOpen: (open: boolean) => void;
  setDrawerOpen: (open: boolean) => void;
  /** The toggle button and Ctrl/Cmd+B: the drawer on a phone, the panel elsewhere. */
  toggle: (isMobile: boolean) => void;
  /** docs/product.md §4: signing out closes the drawer and goes back to the active list. */
  reset: () => void;
};

export const useSidebar = create<SidebarState>((set, get) => ({
  open: typeof document === "undefined" ? true : readSidebarCookie(),
  drawerOpen: false,
  status: "active",
  folderId: null,
  typeFilter: "all",
  setTypeFilter: (typeFilter) => set({ typeFilter }),
  setStatus: (status) => set({ status }),
  setFolderId: (folderId) => set({ folderId }),
  notice: null,
  setNotice: (notice) => set({ notice }),
  setOpen: (open) => {
    writeSidebarCookie(open);
    set({ open });
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  toggle: (isMobile) => (isMobile ? set({ drawerOpen: !get().drawerOpen }) : get().setOpen(!get().open)),
  reset: () => set({ drawerOpen: false, notice: null, status: "active", folderId: null, typeFilter: "all" }),
}));

forgetOnSignOut(() => useSidebar.getState().reset());

/** Ctrl+B, or Cmd+B on a Mac; by the key's position too, so a Russian layout ("и") works. */
export const isToggleShortcut = (
  event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
) =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  (event.key.toLowerCase() === "b" || event.code === "KeyB");
