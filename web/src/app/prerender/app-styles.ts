import { PRERENDERED_ID } from "./first-screen";
import { APP_STYLES_ATTRIBUTE as MARK } from "./prerendered-pages";

// The app's stylesheet on a page whose first screen came in its HTML (docs/web.md "First screens
// in the HTML"). Applied as soon as it loads, it would restyle that screen, which carries its own
// rules, in one long style recalculation a phone's taps wait behind (TBT), and then restyle again
// once the app's page replaces the screen. So it loads as `media="print"`, fetched and parsed but
// matching nothing on screen, and applies in the commit that replaces the screen: one recalculation.
let loading: Promise<void> = Promise.resolve();

/**
 * Starts loading the stylesheets the build named on the screen (web/build/prerender-pages.ts)
 * aside; the app's import, started beside it, finds their links and does not load them again.
 */
export function loadAppStylesAside() {
  const hrefs = document.getElementById(PRERENDERED_ID)?.getAttribute(MARK)?.split(" ").filter(Boolean) ?? [];
  loading = Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          link.media = "print";
          link.setAttribute(MARK, "");
          link.onload = () => resolve();
          // A sheet that failed does not hold the app back: its page without styles still works.
          link.onerror = () => {
            link.remove();
            resolve();
          };
          document.head.appendChild(link);
        }),
    ),
  ).then(() => undefined);
}

/** Resolves once the stylesheets loaded aside are there: the app renders after that. */
export const appStylesLoaded = (): Promise<void> => loading;

/** Called where the app's page takes the screen's place (DropPrerendered), before that paints. */
export function applyAppStyles() {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${MARK}]`)) link.media = "all";
}
