import { create } from "zustand";

/** The auth record of SPEC.md §3, kept in local storage under one fixed key. */
export type AuthRecord = {
  access_token: string;
  refresh_token: string;
  email: string | null;
  name: string | null;
};

export const AUTH_STORAGE_KEY = "yasno-auth";

type AuthState = {
  /** "loading" until the stored record has been read and refreshed once at start. */
  status: "loading" | "anonymous" | "authenticated";
  record: AuthRecord | null;
  login: (record: AuthRecord) => void;
  logout: () => void;
  updateUser: (user: Partial<Pick<AuthRecord, "email" | "name">>) => void;
};

// Skeleton: the accounts web work adds the start-up load, scheduled refresh and silent logout.
export const useAuth = create<AuthState>((set, get) => ({
  status: "loading",
  record: null,
  login: (record) => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
    set({ status: "authenticated", record });
  },
  logout: () => {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    set({ status: "anonymous", record: null });
  },
  updateUser: (user) => {
    const record = get().record;
    if (!record) return;
    const next = { ...record, ...user };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
    set({ record: next });
  },
}));
