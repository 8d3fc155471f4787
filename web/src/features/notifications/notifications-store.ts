import { create } from "zustand";
import { api } from "../../api/client";
import { onLogout, useAuth } from "../auth/auth-store";

import type { Notice } from "../../api/types";

export type { Notice };

/** How often the bell asks for new notices while someone is signed in. */
export const NOTIFICATIONS_POLL_MS = 60_000;

type NotificationsState = {
  /** The unread notices, newest first. */
  items: Notice[];
  unread: number;
  /** Reads the unread notices; a failure keeps what was there and says nothing. */
  load: () => Promise<void>;
  markRead: (id: number) => Promise<void>;
  markAllRead: () => Promise<void>;
  clear: () => void;
};

let sequence = 0;

export const useNotifications = create<NotificationsState>((set, get) => ({
  items: [],
  unread: 0,
  load: async () => {
    if (useAuth.getState().status !== "authenticated") return;
    const mine = ++sequence;
    try {
      const res = await api.notifications.$get({ query: { unread: "true" } });
      if (!res.ok) return;
      const items = await res.json();
      const header = Number(res.headers.get("X-Unread-Count"));
      // An older answer (or one from before a logout) must not overwrite a newer state.
      if (mine !== sequence || !Array.isArray(items)) return;
      set({ items, unread: Number.isFinite(header) ? header : items.length });
    } catch {
      // A missed poll is retried by the next one.
    }
  },
  markRead: async (id) => {
    const before = get();
    sequence += 1;
    set({ items: before.items.filter((n) => n.id !== id), unread: Math.max(0, before.unread - (before.items.some((n) => n.id === id) ? 1 : 0)) });
    try {
      const res = await api.notifications[":id"].read.$post({ param: { id: String(id) } });
      if (!res.ok) await get().load();
    } catch {
      await get().load();
    }
  },
  markAllRead: async () => {
    sequence += 1;
    set({ items: [], unread: 0 });
    try {
      const res = await api.notifications["read-all"].$post();
      if (!res.ok) await get().load();
    } catch {
      await get().load();
    }
  },
  clear: () => {
    sequence += 1;
    set({ items: [], unread: 0 });
  },
}));

onLogout(() => useNotifications.getState().clear());
