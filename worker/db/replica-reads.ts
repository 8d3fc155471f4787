import {
  ANY_BINDING,
  BOOKMARK_HEADER,
  type Bookmarks,
  FIRST_PRIMARY,
  formatBookmarks,
  isBookmark,
  parseBookmarks,
} from "./bookmark-header";
import type { Env } from "../env";
import { logEvent } from "../http/log";

type SessionSource = { withSession(constraint: string): D1DatabaseSession };

// A service binding (a Fetcher: EXTRACTOR, ASSETS) answers every property name with an RPC method,
// `withSession` included: its own `fetch` tells it apart.
const isSessionSource = (value: unknown): value is SessionSource => {
  const binding = value as { withSession?: unknown; fetch?: unknown } | null;
  return (
    typeof binding === "object" &&
    binding !== null &&
    typeof binding.withSession === "function" &&
    typeof binding.fetch !== "function"
  );
};

const READS = new Set(["GET", "HEAD"]);

/** The main database: sessions, users and share links live there. */
const MAIN_DB = "DB";
/** The header a signed-in call presents its access token in. */
const ACCESS_TOKEN_HEADER = "jwt-token";
/** A share link's JSON and its page: read by anyone, without a bookmark. */
const SHARE_READ = /^\/(api\/v2\/)?share\//;

let warnedOfShape = false;

// Not request state: which of an env's bindings are D1 databases, found once per env object. Telling
// them apart reads properties of every binding, and on a service binding each read makes an RPC stub.
const sourcesByEnv = new WeakMap<object, string[]>();

function sessionSourcesOf(env: Env): string[] {
  let names = sourcesByEnv.get(env);
  if (!names) {
    names = Object.entries(env)
      .filter(([, binding]) => isSessionSource(binding))
      .map(([name]) => name);
    sourcesByEnv.set(env, names);
  }
  return names;
}

/**
 * Whether a read must find revocations at once in the main database: a signed-in call (its session
 * check: a logout or a block) and a share link's read (a revoke). A replica can lag, and a bookmark
 * is the client's to choose (an old one, or one from before the revoke), so the session starts at
 * the primary whatever was sent. Only its first query goes there: D1 may serve the next ones from
 * any replica at least as new.
 */
function seesRevocations(request: Request, path: string): boolean {
  return request.headers.has(ACCESS_TOKEN_HEADER) || SHARE_READ.test(path);
}

/**
 * Where a binding's session starts: a call that changes anything at the primary, so what it reads
 * before writing is current; a read at the bookmark the client sent, or anywhere without one. The
 * chat bots of /internal/ carry no bookmark, so their reads stay at the primary as before.
 */
function startOf(request: Request, sent: Bookmarks): (name: string) => string {
  if (!READS.has(request.method)) return () => FIRST_PRIMARY;
  const path = new URL(request.url).pathname;
  const fallback = path.startsWith("/internal/") ? FIRST_PRIMARY : "first-unconstrained";
  const mainAtPrimary = seesRevocations(request, path);
  const asSent = (name: string) => sent.get(name) ?? sent.get(ANY_BINDING) ?? fallback;
  return (name) => (mainAtPrimary && name === MAIN_DB ? FIRST_PRIMARY : asSent(name));
}

function withHeader(response: Response, value: string): Response {
  if (response.status === 101) return response;
  try {
    response.headers.set(BOOKMARK_HEADER, value);
    return response;
  } catch {
    // A response passed on from fetch() has immutable headers.
    const copy = new Response(response.body, response);
    copy.headers.set(BOOKMARK_HEADER, value);
    return copy;
  }
}

/**
 * One request's D1 sessions (docs/scale.md, "Read replicas"). `env` is a copy of the Worker's env
 * in which each D1 binding (anything with `withSession`) is a session of it, opened on first use;
 * the shared env is never changed, so the Durable Object and the cron keep the plain bindings.
 * Request code uses only `prepare` and `batch`, which a session has, so its type stays D1Database.
 * `tag` puts the bookmarks on the answer: each used session's, and what the request sent for the rest;
 * `header` is that value, for a write made outside a request (the topic's object's) to hand back.
 */
export function openReplicaReads(
  env: Env,
  request: Request,
): { env: Env; tag: (response: Response) => Response; header: () => string } {
  const sent = parseBookmarks(request.headers.get(BOOKMARK_HEADER));
  const start = startOf(request, sent);
  const opened = new Map<string, D1DatabaseSession>();
  const names = sessionSourcesOf(env);
  const scoped: Record<string, unknown> = { ...env };
  for (const name of names) {
    const binding = (env as unknown as Record<string, SessionSource>)[name]!;
    Object.defineProperty(scoped, name, {
      enumerable: true,
      get: () => {
        const session = opened.get(name) ?? binding.withSession(start(name));
        opened.set(name, session);
        return session;
      },
    });
  }

  const bookmarks = (): Bookmarks => {
    const out: Bookmarks = new Map();
    for (const name of names) {
      const used = opened.get(name)?.getBookmark();
      if (used && !isBookmark(used) && !warnedOfShape) {
        warnedOfShape = true;
        logEvent("error", "D1 handed out a bookmark of an unknown shape: bookmarks are dropped", {
          binding: name,
          bookmark: used,
        });
      }
      const mark = used && isBookmark(used) ? used : sent.get(name);
      if (mark) out.set(name, mark);
    }
    const any = sent.get(ANY_BINDING);
    if (any) out.set(ANY_BINDING, any);
    return out;
  };

  return {
    env: scoped as unknown as Env,
    tag: (response) => {
      // A write the request had done elsewhere (a new question, by the topic's object) may have
      // put newer bookmarks on the answer already.
      const marks = bookmarks();
      for (const [name, mark] of parseBookmarks(response.headers.get(BOOKMARK_HEADER))) {
        const ours = marks.get(name);
        if (isBookmark(mark) && !(ours && isBookmark(ours) && ours >= mark)) marks.set(name, mark);
      }
      const value = formatBookmarks(marks);
      return value ? withHeader(response, value) : response;
    },
    header: () => formatBookmarks(bookmarks()),
  };
}
