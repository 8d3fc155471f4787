import { useLayoutEffect } from "react";
import { PRERENDERED_ID } from "./first-screen";

/**
 * Rendered with every page: once a page has rendered in the app's root, the prerendered first
 * screen goes (with the styles it carries, web/build/prerender-pages.ts), before the browser
 * paints, so the two never show together and the loaders before the page (auth state, lazy
 * chunks) never show in its place.
 */
export function DropPrerendered() {
  useLayoutEffect(() => {
    document.getElementById(PRERENDERED_ID)?.remove();
  }, []);
  return null;
}
