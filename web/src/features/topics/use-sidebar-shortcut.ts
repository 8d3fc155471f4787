import { useEffect } from "react";
import { isToggleShortcut, useSidebar } from "./sidebar-state";

/** Ctrl/Cmd+B anywhere on the page toggles the sidebar (docs/product.md §2), as the button does. */
export function useSidebarShortcut(isMobile: boolean) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      useSidebar.getState().toggle(isMobile);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isMobile]);
}
