import { create } from "zustand";
import { errorMessage, type ResponseLike } from "../../api/errors";
import { api } from "../../api/client";
import { texts } from "../../ui/texts";
import { onLogout, useAuth } from "../auth/auth-store";
import type { AssistantType } from "../modes/mode-store";

import type { Folder } from "../../api/types";

export type { Folder };

/** What a folder action ends with: the error text to show, or null when it worked. */
export type ActionResult = string | null;

type FoldersState = {
  folders: Folder[];
  /** The mode the folders were loaded for. */
  assistantType: AssistantType | null;
  state: "idle" | "loading" | "loaded" | "error";
  error: string | null;
  /** Loads the mode's folders unless they are already loaded (or loading) for it. */
  load: (assistantType: AssistantType) => Promise<void>;
  create: (name: string) => Promise<ActionResult>;
  rename: (id: number, name: string) => Promise<ActionResult>;
  /** Deletes the folder; its topics stay, outside any folder. */
  remove: (id: number) => Promise<ActionResult>;
  clear: () => void;
};

let inFlight: { key: string; promise: Promise<void> } | null = null;
let sequence = 0;

async function failure(res: ResponseLike | null): Promise<string> {
  return res ? errorMessage(res, texts.folders.actionFailed) : texts.folders.actionFailed;
}

export const useFolders = create<FoldersState>((set, get) => ({
  folders: [],
  assistantType: null,
  state: "idle",
  error: null,
  load: (assistantType) => {
    const key = `${useAuth.getState().record?.access_token ?? ""}|${assistantType}`;
    if (inFlight?.key === key) return inFlight.promise;
    if (get().state === "loaded" && get().assistantType === assistantType) return Promise.resolve();
    const mine = ++sequence;
    set({ assistantType, state: "loading", error: null, folders: get().assistantType === assistantType ? get().folders : [] });
    const promise = (async () => {
      const res = await api.folders[":assistantType"].$get({ param: { assistantType } }).catch(() => null);
      const body = res?.ok ? ((await res.json().catch(() => null)) as unknown) : null;
      if (mine !== sequence) return;
      if (Array.isArray(body)) set({ folders: body as Folder[], state: "loaded" });
      else set({ state: "error", error: res && !res.ok ? await errorMessage(res, texts.folders.loadFailed) : texts.folders.loadFailed });
    })().finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { key, promise };
    return promise;
  },
  create: async (name) => {
    const assistantType = get().assistantType;
    if (!assistantType) return texts.folders.actionFailed;
    // The hono client puts params into the path as they are: the name may hold "/", "?" or "#".
    const res = await api.folders[":assistantType"][":name"].$post({ param: { assistantType, name: encodeURIComponent(name.trim()) } }).catch(() => null);
    if (!res?.ok) return failure(res);
    const folder = await res.json();
    if (get().assistantType === folder.assistant_type) set({ folders: [...get().folders, folder] });
    return null;
  },
  rename: async (id, name) => {
    const res = await api.folders[":folderId{[0-9]+}"].$patch({ param: { folderId: String(id) }, json: { name: name.trim() } }).catch(() => null);
    if (!res?.ok) return failure(res);
    const folder = await res.json();
    set({ folders: get().folders.map((f) => (f.id === id ? folder : f)) });
    return null;
  },
  remove: async (id) => {
    const res = await api.folders[":folderId{[0-9]+}"].$delete({ param: { folderId: String(id) } }).catch(() => null);
    if (!res?.ok) return failure(res);
    set({ folders: get().folders.filter((f) => f.id !== id) });
    return null;
  },
  clear: () => {
    sequence++;
    inFlight = null;
    set({ folders: [], assistantType: null, state: "idle", error: null });
  },
}));

onLogout(() => useFolders.getState().clear());
