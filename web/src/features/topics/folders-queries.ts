import { queryOptions, useQueries } from "@tanstack/react-query";
import type { TopicType } from "../../../../worker/settings";
import { api } from "../../api/client";
import { errorMessage, type ResponseLike } from "../../api/errors";
import { queryClient } from "../../api/query-client";
import type { Folder } from "../../api/types";
import { foldersTexts } from "../../ui/texts/folders";
import { currentUserKey, useSignedIn, useUserKey } from "../auth/session-user";
import { ASSISTANT_TYPES, type AssistantType, topicTypeOf, useMode } from "../modes/mode-store";
import { useSidebar } from "./sidebar-state";

export type { Folder };

/** What a folder action ends with: the error text to show, or null when it worked. */
export type ActionResult = string | null;

const foldersKey = ["folders"] as const;

/** `GET /folders/{assistantType}`: the user's folders of one mode. */
export const folderListQuery = (user: string | null, assistantType: AssistantType) =>
  queryOptions({
    queryKey: [...foldersKey, user, assistantType] as const,
    queryFn: async (): Promise<Folder[]> => {
      const res = await api.folders[":assistantType"].$get({ param: { assistantType } }).catch(() => null);
      if (!res?.ok) throw new Error(res ? await errorMessage(res, foldersTexts.loadFailed) : foldersTexts.loadFailed);
      return res.json();
    },
  });

/** The modes whose folders the sidebar lists under its filter: every mode's under «Все чаты». */
export const modesOfFilter = (filter: TopicType): AssistantType[] =>
  filter === "all" ? [...ASSISTANT_TYPES] : ASSISTANT_TYPES.filter((mode) => topicTypeOf(mode) === filter);

/** The folders of these modes, mode by mode in their order, each in creation order (empty until they arrive). */
function useFoldersOf(modes: readonly AssistantType[]): Folder[] {
  const user = useUserKey();
  const enabled = useSignedIn();
  const lists = useQueries({ queries: modes.map((mode) => ({ ...folderListQuery(user, mode), enabled })) });
  return lists.flatMap((list) => list.data ?? []);
}

/**
 * The sidebar's folders: those of the modes its filter shows (every mode's under «Все чаты»), each
 * marked with its mode, since a folder belongs to one mode.
 */
export function useFolders(): Folder[] {
  return useFoldersOf(modesOfFilter(useSidebar((s) => s.typeFilter)));
}

/**
 * The mode a folder made under this filter belongs to, when the filter decides it: the picked mode
 * if the filter shows it, else the filter's first mode; null under «Все чаты», where the user picks.
 */
export function useFilterFolderMode(): AssistantType | null {
  const filter = useSidebar((s) => s.typeFilter);
  const mode = useMode((s) => s.mode);
  if (filter === "all") return null;
  const modes = modesOfFilter(filter);
  return modes.includes(mode) ? mode : modes[0]!;
}

/**
 * The folders a topic of this mode can be moved to: those of every mode whose topics are listed with
 * it (the Worker's rule: an image chat may go into a general chat's folder), so «В папку…» never
 * offers one that answers 422 «Эта папка для другого режима».
 */
export function useFoldersTaking(assistantType: string | null): Folder[] {
  return useFoldersOf(assistantType === null ? [] : modesOfFilter(topicTypeOf(assistantType)));
}

const failure = async (res: ResponseLike | null) =>
  res ? errorMessage(res, foldersTexts.actionFailed) : foldersTexts.actionFailed;

/** Changes every cached folder list. */
const updateLists = (update: (folders: Folder[]) => Folder[]) =>
  queryClient.setQueriesData<Folder[]>({ queryKey: foldersKey }, (folders) => folders && update(folders));

export async function createFolder(assistantType: AssistantType, name: string): Promise<ActionResult> {
  // The hono client puts params into the path as they are: the name may hold "/", "?" or "#".
  const res = await api.folders[":assistantType"][":name"]
    .$post({ param: { assistantType, name: encodeURIComponent(name.trim()) } })
    .catch(() => null);
  if (!res?.ok) return failure(res);
  const folder = await res.json();
  queryClient.setQueryData<Folder[]>(
    folderListQuery(currentUserKey(), assistantType).queryKey,
    (folders) => folders && [...folders, folder],
  );
  return null;
}

export async function renameFolder(id: number, name: string): Promise<ActionResult> {
  const res = await api.folders[":folderId"]
    .$patch({ param: { folderId: String(id) }, json: { name: name.trim() } })
    .catch(() => null);
  if (!res?.ok) return failure(res);
  const folder = await res.json();
  updateLists((folders) => folders.map((f) => (f.id === id ? folder : f)));
  return null;
}

/** Deletes the folder; its topics stay, outside any folder. */
export async function removeFolder(id: number): Promise<ActionResult> {
  const res = await api.folders[":folderId"].$delete({ param: { folderId: String(id) } }).catch(() => null);
  if (!res?.ok) return failure(res);
  updateLists((folders) => folders.filter((f) => f.id !== id));
  return null;
}
