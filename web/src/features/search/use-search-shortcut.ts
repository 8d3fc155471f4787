import { useEffect } from "react";
import { isSearchShortcut, useSearch } from "./search-state";

/** Ctrl/Cmd+K anywhere opens the search window, as in the chat apps people know. */
export function useSearchShortcut() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      useSearch.getState().setOpen(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
