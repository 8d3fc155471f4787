import { type RefObject, useEffect } from "react";

/**
 * Calls `onVisible` whenever `ref`'s element scrolls into view (the end of a paged list), while
 * `enabled`. Browsers without IntersectionObserver keep the element's own button.
 */
export function useWhenVisible(ref: RefObject<Element | null>, enabled: boolean, onVisible: () => void) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled, onVisible]);
}
