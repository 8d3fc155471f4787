import {
  ANY_BINDING,
  BOOKMARK_HEADER,
  type Bookmarks,
  FIRST_PRIMARY,
  formatBookmarks,
  parseBookmarks,
} from "../../../worker/db/bookmark-header";

/**
 * How far the session has seen each D1 database (docs/scale.md, "Read replicas"): sent on every
 * call, so no read lands on a replica older than the user's own last write. Kept beside the auth
 * record in local storage, so the tabs share it and a reload keeps it; forgotten at sign-out.
 * `era` changes with every write made out of band: an answer to a call sent before it is too old.
 */
export const BOOKMARK_STORAGE_KEY = "yasno-d1-bookmark";

type Stored = { era: string | null; bookmarks: Bookmarks };

function read(): Stored {
  try {
    const value = JSON.parse(localStorage.getItem(BOOKMARK_STORAGE_KEY) ?? "null") as {
      era?: unknown;
      bookmarks?: unknown;
    } | null;
    return {
      era: typeof value?.era === "string" ? value.era : null,
      bookmarks: parseBookmarks(typeof value?.bookmarks === "string" ? value.bookmarks : null),
    };
  } catch {
    return { era: null, bookmarks: new Map() };
  }
}

function write({ era, bookmarks }: Stored): void {
  try {
    localStorage.setItem(BOOKMARK_STORAGE_KEY, JSON.stringify({ era, bookmarks: formatBookmarks(bookmarks) }));
  } catch {
    // A full or closed storage costs reading one's own writes on a replica, never the call.
  }
}

/**
 * Bookmarks compare as strings (D1 sorts them oldest to newest). A held first-primary gives way to
 * any bookmark of its era: the call that brought it read that database at the primary.
 */
const newer = (held: string | undefined, got: string) =>
  held === undefined || (got !== FIRST_PRIMARY && (held === FIRST_PRIMARY || got > held));

function take(header: string | null, sentIn: string | null): void {
  const got = parseBookmarks(header);
  if (got.size === 0) return;
  const stored = read();
  if (stored.era !== sentIn) return;
  let changed = false;
  for (const [name, value] of got) {
    if (!newer(stored.bookmarks.get(name), value)) continue;
    stored.bookmarks.set(name, value);
    changed = true;
  }
  if (changed) write(stored);
}

/**
 * D1 was written where no answer brought its bookmark (a reply the topic's object saved as its
 * stream ended, a session made by an external sign-in's redirect): every database is read at the
 * primary until an answer brings a newer bookmark.
 */
export function markOutOfBandWrite(): void {
  write({ era: Math.random().toString(36).slice(2), bookmarks: new Map([[ANY_BINDING, FIRST_PRIMARY]]) });
}

export function forgetBookmarks(): void {
  localStorage.removeItem(BOOKMARK_STORAGE_KEY);
}

/** `fetch` with the session's bookmarks sent and the answer's kept. */
export async function fetchWithBookmarks(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const { era, bookmarks } = read();
  const headers = new Headers(init?.headers);
  if (bookmarks.size) headers.set(BOOKMARK_HEADER, formatBookmarks(bookmarks));
  const res = await fetch(input, { ...init, headers });
  take(res.headers.get(BOOKMARK_HEADER), era);
  return res;
}
