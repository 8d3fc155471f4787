import { useLayoutEffect } from "react";
import { applyAppStyles } from "./app-styles";
import { PRERENDERED_ID } from "./first-screen";

/**
 * Rendered with every page: once a page has rendered in the app's root, the prerendered first
 * screen goes (with the styles it carries, web/build/prerender-pages.ts), before the browser
 * paints, so the two never show together and the loaders before the page (auth state, lazy
 * chunks) never show in its place. The app's stylesheet, loaded aside until now, applies in the
 * same commit (app-styles.ts).
 */
export function DropPrerendered() {
  useLayoutEffect(() => {
    applyAppStyles();
    document.getElementById(PRERENDERED_ID)?.remove();
  }, []);
  return null;
}
