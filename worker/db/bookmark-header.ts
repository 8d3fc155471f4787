/**
 * The `X-D1-Bookmark` header (docs/scale.md, "Read replicas"), read and written by the Worker and
 * the web app alike: `NAME=value` pairs joined by `;`, one per D1 database. NAME is a binding
 * (DB, HISTORY_0, …) or `*` for every binding not named; the value is a bookmark D1 handed out
 * or `first-primary`. Anything else in the header is dropped, never passed to D1.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const FIRST_PRIMARY = "first-primary";
export const ANY_BINDING = "*";

export type Bookmarks = Map<string, string>;

const NAME = /^(?:\*|[A-Za-z_][A-Za-z0-9_]{0,63})$/;
// D1's shape, e.g. 0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b: lower-case hex, so
// that comparing two as strings orders them oldest to newest, as D1 promises.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export const isBookmark = (value: string) => BOOKMARK.test(value);

export function parseBookmarks(header: string | null | undefined): Bookmarks {
  const bookmarks: Bookmarks = new Map();
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (eq > 0 && NAME.test(name) && (value === FIRST_PRIMARY || isBookmark(value))) bookmarks.set(name, value);
  }
  return bookmarks;
}

export function formatBookmarks(bookmarks: Bookmarks): string {
  return [...bookmarks].map(([name, value]) => `${name}=${value}`).join(";");
}
