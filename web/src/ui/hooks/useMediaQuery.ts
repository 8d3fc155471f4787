import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    // Without matchMedia (an old browser, a test's DOM) no query matches.
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** docs/product.md §9: the mobile breakpoint is a width below 768 px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);

/**
 * A touch screen is the main pointer (a phone, a tablet; not a laptop that also has one): Enter
 * breaks the line there and the send button sends, and keyboard shortcuts are not offered.
 */
export const TOUCH_QUERY = "(pointer: coarse)";

export const isTouchScreen = () => typeof window !== "undefined" && !!window.matchMedia?.(TOUCH_QUERY).matches;
export const useIsTouch = () => useMediaQuery(TOUCH_QUERY);
