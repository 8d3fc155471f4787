import { decodeJwt } from "jose";
import { create } from "zustand";
import { api, connectSession } from "../../api/client";
import { markOutOfBandWrite } from "../../api/d1-bookmark";
import type { AuthReturn } from "./auth-return";
import { authTexts } from "../../ui/texts/auth";

import type { AuthRecord } from "../../../../worker/accounts/schemas";

/** The auth record of docs/product.md §3 (the Worker's shape), kept in local storage under one fixed key. */
export type { AuthRecord };

export const AUTH_STORAGE_KEY = "yasno-auth";
/** docs/product.md §9: refresh 30 s before the access token expires, never sooner than in 1 s. */
export const REFRESH_LEAD_MS = 30_000;
export const MIN_REFRESH_DELAY_MS = 1_000;
/** docs/product.md §9: the "e-mail already registered" notice of an external sign-in goes after 3 s. */
export const OAUTH_CONFLICT_CLEAR_MS = 3_000;
/** When the server cannot be reached for a refresh, the session is kept and the refresh retried. */
export const REFRESH_RETRY_MS = 15_000;

type AuthState = {
  /** "loading" until the stored record has been read and refreshed once at start. */
  status: "loading" | "anonymous" | "authenticated";
  record: AuthRecord | null;
  /** Who ended the last session: after their own sign-out a user is not sent back where they were. */
  endedBy: "user" | "expiry" | null;
  /** A message about signing in that is not tied to a form (external sign-in, loading the user). */
  notice: string | null;
  /** Loads the stored auth (or the external sign-in's result) and refreshes it, once per page load. */
  start: (external?: AuthReturn | null) => Promise<void>;
  login: (record: AuthRecord) => void;
  /** Signs the user out: the server ends the session (best effort), everything local is cleared. */
  logout: () => void;
  /**
   * Exchanges the refresh token for new tokens. When the server refuses, signs out silently
   * (docs/product.md §4); when it cannot be reached, keeps the session and retries in REFRESH_RETRY_MS.
   */
  refresh: () => Promise<boolean>;
  /** Fetches `/users/self` and merges e-mail and name into the record. */
  loadSelf: () => Promise<boolean>;
  updateUser: (user: Partial<Pick<AuthRecord, "email" | "name">>) => void;
  /**
   * Takes tokens the server handed out mid-session (PATCH /users/ answers a new access_token after a password change).
   */
  setTokens: (tokens: { access_token: string; refresh_token?: string }) => void;
  dismissNotice: () => void;
};

/** How long to wait before refreshing an access token, from the `exp` in its payload. */
export function refreshDelay(accessToken: string, now = Date.now()): number {
  let exp: number | undefined;
  try {
    exp = decodeJwt(accessToken).exp;
  } catch {
    exp = undefined;
  }
  if (!exp) return MIN_REFRESH_DELAY_MS;
  // setTimeout overflows above 2^31 - 1 ms and would fire at once.
  return Math.min(Math.max(exp * 1000 - REFRESH_LEAD_MS - now, MIN_REFRESH_DELAY_MS), 2 ** 31 - 1);
}

function readStored(): AuthRecord | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null");
    if (!value || typeof value !== "object") return null;
    const record = value as Partial<AuthRecord>;
    if (typeof record.access_token !== "string" || typeof record.refresh_token !== "string") return null;
    return {
      access_token: record.access_token,
      refresh_token: record.refresh_token,
      email: record.email ?? null,
      name: record.name ?? null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether this browser keeps a session (which the start then refreshes): the app's start guesses the page's gate by it.
 */
export const hasStoredSession = (): boolean => readStored() !== null;

const store = (record: AuthRecord) => localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | null = null;
let started: Promise<void> | null = null;

function schedule(accessToken: string) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void useAuth.getState().refresh(), refreshDelay(accessToken));
}

/**
 * Refresh tokens rotate and a reused one ends the session, so two tabs must not refresh with the
 * same token: the refresh runs under a lock shared by the tabs where the browser has Web Locks.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? (locks.request("yasno-auth-refresh", task) as Promise<T>) : task();
}

/**
 * New tokens, or why there are none: "refused" (the server ended the session: sign out) or
 * "unreachable" (no network, or the server failed: keep the session and try again later).
 */
async function requestNewTokens(current: AuthRecord): Promise<AuthRecord | "refused" | "unreachable"> {
  // Another tab may have refreshed while this one waited for the lock: take its tokens.
  const stored = readStored();
  if (stored && stored.refresh_token !== current.refresh_token) return stored;
  const res = await api.users.token.refresh
    .$post(undefined, { headers: { "jwt-token": current.access_token, "refresh-token": current.refresh_token } })
    .catch(() => null);
  if (!res || res.status >= 500) return "unreachable";
  if (!res.ok) return "refused";
  const body = await res.json().catch(() => null);
  if (typeof body?.access_token !== "string") return "unreachable";
  return {
    ...current,
    access_token: body.access_token,
    refresh_token: typeof body.refresh_token === "string" ? body.refresh_token : current.refresh_token,
  };
}

/** Ends the session locally: storage and timers; what the user's screens held goes in app/sign-out.ts. */
function endSession(by: "user" | "expiry") {
  clearTimeout(refreshTimer);
  localStorage.removeItem(AUTH_STORAGE_KEY);
  useAuth.setState({ status: "anonymous", record: null, endedBy: by });
}

function adopt(record: AuthRecord) {
  store(record);
  useAuth.setState({ status: "authenticated", record, endedBy: null });
  schedule(record.access_token);
}

function showNotice(notice: string, clearAfterMs?: number) {
  clearTimeout(noticeTimer);
  useAuth.setState({ notice });
  if (clearAfterMs) {
    noticeTimer = setTimeout(
      () => useAuth.getState().notice === notice && useAuth.setState({ notice: null }),
      clearAfterMs,
    );
  }
}

/** The signed-in user's e-mail and name, asked with the record's access token. */
async function fetchSelf(): Promise<Pick<AuthRecord, "email" | "name"> | null> {
  try {
    const res = await api.users.self.$get();
    if (!res.ok) return null;
    const user = await res.json();
    return { email: user.email ?? null, name: user.name ?? null };
  } catch {
    return null;
  }
}

/** Signs in with what an external sign-in brought back; false when it brought a failure. */
async function signInFromReturn(external: AuthReturn): Promise<boolean> {
  switch (external.kind) {
    case "tokens": {
      // The provider's callback made the session in a redirect, whose bookmark the app never sees.
      markOutOfBandWrite();
      // docs/product.md §4: the user is fetched with the returned token; only then is the sign-in done.
      useAuth.setState({
        record: { access_token: external.access_token, refresh_token: external.refresh_token, email: null, name: null },
      });
      const user = await fetchSelf();
      if (!user) {
        useAuth.setState({ record: null });
        showNotice(authTexts.errors.oauth);
        return false;
      }
      adopt({ access_token: external.access_token, refresh_token: external.refresh_token, ...user });
      return true;
    }
    case "telegram": {
      const res = await api.users.tg.auth.$get({ query: external.data }).catch(() => null);
      const record = res?.ok ? await res.json().catch(() => null) : null;
      if (record?.access_token && record.refresh_token) {
        adopt({
          access_token: record.access_token,
          refresh_token: record.refresh_token,
          email: record.email ?? null,
          name: record.name ?? null,
        });
        return true;
      }
      showNotice(authTexts.errors.telegram);
      return false;
    }
    case "telegram-failed":
      showNotice(authTexts.errors.telegram);
      return false;
    case "failed":
      if (external.status === 409) showNotice(authTexts.errors.oauthConflict, OAUTH_CONFLICT_CLEAR_MS);
      else if (external.status === 403) showNotice(authTexts.errors.blocked);
      else showNotice(authTexts.errors.oauth);
      return false;
  }
}

async function startSession(external: AuthReturn | null) {
  if (external && (await signInFromReturn(external))) return;
  const stored = readStored();
  if (!stored) {
    endSession("expiry");
    return;
  }
  useAuth.setState({ record: stored });
  if (await useAuth.getState().refresh()) void useAuth.getState().loadSelf();
}

export const useAuth = create<AuthState>((set, get) => ({
  status: "loading",
  record: null,
  endedBy: null,
  notice: null,

  start: (external = null) => (started ??= startSession(external)),

  login: (record) => adopt(record),

  logout: () => {
    const record = get().record;
    if (record) {
      void api.users.logout
        .$post(undefined, { headers: { "jwt-token": record.access_token, "refresh-token": record.refresh_token } })
        .catch(() => undefined);
    }
    endSession("user");
  },

  refresh: () => {
    const current = get().record;
    if (!current) return Promise.resolve(false);
    refreshing ??= withRefreshLock(() => requestNewTokens(current))
      .catch(() => "unreachable" as const)
      .then((next) => {
        refreshing = null;
        const latest = get().record;
        // Signed out (or in again) while the call was out: its answer is stale.
        if (latest?.refresh_token !== current.refresh_token) return get().status === "authenticated";
        if (next === "refused") {
          endSession("expiry");
          return false;
        }
        if (next === "unreachable") {
          // A network blip must not sign a paying user out: keep the session, try again soon.
          set({ status: "authenticated", endedBy: null });
          clearTimeout(refreshTimer);
          refreshTimer = setTimeout(() => void get().refresh(), REFRESH_RETRY_MS);
          return true;
        }
        adopt({ ...latest, access_token: next.access_token, refresh_token: next.refresh_token });
        return true;
      });
    return refreshing;
  },

  loadSelf: async () => {
    const user = await fetchSelf();
    if (!user) {
      showNotice(authTexts.errors.userLoad);
      return false;
    }
    get().updateUser(user);
    return true;
  },

  updateUser: (user) => {
    const record = get().record;
    if (!record) return;
    const next = { ...record, ...user };
    store(next);
    set({ record: next });
  },

  setTokens: ({ access_token, refresh_token }) => {
    const record = get().record;
    if (record) adopt({ ...record, access_token, refresh_token: refresh_token ?? record.refresh_token });
  },

  dismissNotice: () => {
    clearTimeout(noticeTimer);
    set({ notice: null });
  },
}));

// The API client sends this session's token, and after a 401 refreshes once through it.
connectSession({
  token: () => useAuth.getState().record?.access_token ?? null,
  renew: async (sent) => {
    const auth = useAuth.getState();
    if (auth.status !== "authenticated") return null;
    if (auth.record?.access_token === sent && !(await auth.refresh())) return null;
    const token = useAuth.getState().record?.access_token;
    return token && token !== sent ? token : null;
  },
});

// Another tab signed out or refreshed: follow it, so the tabs never hold diverging tokens.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    const state = useAuth.getState();
    if (state.status !== "authenticated") return;
    const stored = readStored();
    // The other tab has already told the server about a sign-out; here only local state goes.
    if (!stored) endSession("user");
    else if (stored.refresh_token !== state.record?.refresh_token) adopt({ ...stored });
  });
}
