import { useEffect, useMemo } from "react";
import { useAuth } from "../auth/auth-store";
import { useFolders } from "./folders-store";
import { topicTypeOf, useMode } from "../modes/mode-store";
import { useTopics, type TopicQuery } from "./topics-store";
import { useSidebar } from "./sidebar-state";

/** The list the sidebar shows: the picked mode's type, the active topics or the archive, maybe one folder. */
export function useTopicQuery(): TopicQuery {
  const type = topicTypeOf(useMode((s) => s.mode));
  const status = useSidebar((s) => s.status);
  const folderId = useSidebar((s) => s.folderId);
  return useMemo(() => ({ type, status, folderId }), [type, status, folderId]);
}

/**
 * Loads the list when the token, the picked mode or the list asked for differ from what was
 * loaded (docs/product.md §4; the store skips a list it has or is already loading), and the mode's folders.
 */
export function useTopicListLoader() {
  const token = useAuth((s) => s.record?.access_token ?? null);
  const mode = useMode((s) => s.mode);
  const query = useTopicQuery();

  useEffect(() => {
    if (token) void useTopics.getState().load(query);
  }, [token, query]);

  useEffect(() => {
    if (token) void useFolders.getState().load(mode);
  }, [token, mode]);

  // Folders belong to one mode: another mode's folder filter means nothing.
  useEffect(() => {
    useSidebar.getState().setFolderId(null);
  }, [mode]);
}
