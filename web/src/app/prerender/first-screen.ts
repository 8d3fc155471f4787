import { PRERENDERED_ID } from "../../../../worker/conversations/share-screen-data";

/** The element the build puts a prerendered first screen in, beside the app's root (web/build/prerender-pages.ts). */
export { PRERENDERED_ID };

/**
 * Resolves once the browser has painted the page's prerendered first screen (its first
 * contentful paint), so the app's JavaScript is fetched and run only after the page is on screen
 * and never competes with it; at once on a page without one, in a tab that is not shown (it paints
 * nothing until shown) or where the browser does not report paints.
 */
export function whenFirstScreenPainted(): Promise<void> {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (
    !document.getElementById(PRERENDERED_ID) ||
    document.visibilityState !== "visible" ||
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint") ||
    painted()
  ) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", done);
      resolve();
    };
    const observer = new PerformanceObserver(() => {
      if (painted()) done();
    });
    observer.observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", done);
  });
}
