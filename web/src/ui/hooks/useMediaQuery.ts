import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** docs/product.md §9: the mobile breakpoint is a width below 768 px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
