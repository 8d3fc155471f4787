import { useEffect } from "react";
import { useMode } from "../modes/mode-store";
import { useFolders } from "./folders-queries";
import { useSidebar } from "./sidebar-state";
import { useTopicList } from "./topics-queries";

/**
 * Keeps the sidebar's list and the folders its filter shows loaded while the sidebar is there, even
 * collapsed to its icons (docs/product.md §4): the list is asked for when the user, the mode or the
 * list asked for change, and only then.
 */
export function useTopicListLoader() {
  const mode = useMode((s) => s.mode);
  useTopicList();
  useFolders();

  // biome-ignore lint/correctness/useExhaustiveDependencies: folders belong to one mode. The type filter stays: it changes only when the user changes it.
  useEffect(() => {
    useSidebar.getState().setFolderId(null);
  }, [mode]);
}
