import { useLayoutEffect } from "react";

/** The element the build puts a prerendered first screen in, beside the app's root (web/build/prerender-pages.ts). */
export const PRERENDERED_ID = "prerendered";

/**
 * Rendered with every page: once a page has rendered in the app's root, the prerendered first
 * screen goes, before the browser paints, so the two never show together and the loaders before
 * the page (auth state, lazy chunks) never show in its place.
 */
export function DropPrerendered() {
  useLayoutEffect(() => {
    document.getElementById(PRERENDERED_ID)?.remove();
  }, []);
  return null;
}
