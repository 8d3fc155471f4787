import { env as testEnv } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOOKMARK_HEADER, parseBookmarks } from "../../worker/db/bookmark-header";
import { openReplicaReads } from "../../worker/db/replica-reads";
import type { Env } from "../../worker/env";
import { authHeaders, call, registerUser } from "./helpers";
import { newAccount, StreamReader, startTopic } from "./streams-helpers";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const bookmarkOf = (res: Response) => parseBookmarks(res.headers.get(BOOKMARK_HEADER)).get("DB");

/** A D1 binding that records where each session starts and hands out `mark` once used. */
function fakeD1(mark: string) {
  const starts: string[] = [];
  const binding = {
    withSession(start: string) {
      starts.push(start);
      let used = false;
      return {
        prepare: () => {
          used = true;
          return {};
        },
        getBookmark: () => (used ? mark : null),
      };
    },
  };
  return { binding, starts };
}

const MARK_A = "0000000a-00000001-00000000-00000000000000000000000000000000";
const MARK_B = "0000000b-00000002-00000000-00000000000000000000000000000000";

/** One query on binding `name` of a request's env. */
const use = (env: Env, name: string) => (env as unknown as Record<string, D1Database>)[name].prepare("SELECT 1");

function sessionsFor(method: string, header?: string, path = "/api/v2/topics/1", headers: Record<string, string> = {}) {
  const db = fakeD1(MARK_A);
  const history = fakeD1(MARK_B);
  const env = { DB: db.binding, HISTORY_1: history.binding, APP_URL: "http://app.test" } as unknown as Env;
  const request = new Request(`http://app.test${path}`, {
    method,
    headers: { ...headers, ...(header ? { [BOOKMARK_HEADER]: header } : {}) },
  });
  return { env, db, history, sessions: openReplicaReads(env, request) };
}

describe("read replicas: the API over local D1", () => {
  it("answers with the bookmark of what it did, and a write sent with it is seen by the next read", async () => {
    const { record } = await registerUser();
    const self = await call("/users/self", { headers: authHeaders(record) });
    const first = bookmarkOf(self);
    expect(first).toMatch(BOOKMARK);

    const renamed = await call("/users/", {
      method: "PATCH",
      json: { name: "Вера" },
      headers: { ...authHeaders(record), [BOOKMARK_HEADER]: `DB=${first}` },
    });
    expect(renamed.status).toBe(200);
    const written = bookmarkOf(renamed)!;
    expect(written > first!).toBe(true);

    const read = await call("/users/self", { headers: { ...authHeaders(record), [BOOKMARK_HEADER]: `DB=${written}` } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ name: "Вера" });
    expect(bookmarkOf(read)! >= written).toBe(true);
  });

  it("puts the bookmark on errors and on a stream's headers", async () => {
    const { record } = await registerUser();
    const missing = await call("/topics/999999999/history/", { headers: authHeaders(record) });
    expect(missing.status).toBe(404);
    expect(bookmarkOf(missing)).toMatch(BOOKMARK);

    const account = await newAccount();
    const res = await startTopic(account, "Что такое договор аренды?");
    expect(bookmarkOf(res)).toMatch(BOOKMARK);
    // The question went to the user's history shard before the stream began: its bookmark too.
    const shards = [...parseBookmarks(res.headers.get(BOOKMARK_HEADER))].filter(([name]) =>
      name.startsWith("HISTORY_"),
    );
    expect(shards).toHaveLength(1);
    expect(shards[0]![1]).toMatch(BOOKMARK);
    const reader = new StreamReader(res);
    while (!reader.done) await reader.next();
  });

  it("never fails a request for a bookmark it cannot use, and does not hand it back", async () => {
    const { record } = await registerUser();
    const bad = [
      "garbage",
      "DB=garbage",
      "DB=ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffffXX",
      ";;==;DB",
      "DB=first-unconstrained",
      "x".repeat(5000),
    ];
    for (const header of bad) {
      // The folders are read from D1 every time (the session check may come from the isolate's memory).
      const res = await call("/folders/gpt", { headers: { ...authHeaders(record), [BOOKMARK_HEADER]: header } });
      expect(res.status, header).toBe(200);
      expect(bookmarkOf(res), header).toMatch(BOOKMARK);
      expect(res.headers.get(BOOKMARK_HEADER), header).not.toContain("garbage");
    }
  });

  it("accepts a well-formed bookmark D1 never gave out", async () => {
    const { record } = await registerUser();
    const res = await call("/folders/gpt", { headers: { ...authHeaders(record), [BOOKMARK_HEADER]: `DB=${MARK_A}` } });
    expect(res.status).toBe(200);
    expect(bookmarkOf(res)).toMatch(BOOKMARK);
  });
});

describe("read replicas: where each session starts", () => {
  it("starts a write at the primary, whatever bookmark it carries", () => {
    const { db, sessions } = sessionsFor("POST", `DB=${MARK_B}`);
    use(sessions.env, "DB");
    expect(db.starts).toEqual(["first-primary"]);
  });

  it("starts a read at the bookmark sent for its binding, at `*`'s, or anywhere", () => {
    const named = sessionsFor("GET", `DB=${MARK_B}`);
    use(named.sessions.env, "DB");
    use(named.sessions.env, "HISTORY_1");
    expect(named.db.starts).toEqual([MARK_B]);
    expect(named.history.starts).toEqual(["first-unconstrained"]);

    const afterStream = sessionsFor("GET", "*=first-primary");
    use(afterStream.sessions.env, "HISTORY_1");
    expect(afterStream.history.starts).toEqual(["first-primary"]);

    const garbage = sessionsFor("GET", "DB=not-a-bookmark");
    use(garbage.sessions.env, "DB");
    expect(garbage.db.starts).toEqual(["first-unconstrained"]);
  });

  it("keeps the chat bots' reads at the primary unless they send a bookmark", () => {
    const bot = sessionsFor("GET", undefined, "/internal/api/v2/topics/1");
    use(bot.sessions.env, "DB");
    expect(bot.db.starts).toEqual(["first-primary"]);
  });

  it("starts a signed-in read's main D1 at the primary, bookmark or none, so a revoked session is seen at once", () => {
    const signedIn = { "jwt-token": "any.access.token" };
    for (const header of [undefined, `DB=${MARK_B}`, `*=${MARK_B}`]) {
      const { db, history, sessions } = sessionsFor("GET", header, "/api/v2/users/self/export", signedIn);
      use(sessions.env, "DB");
      use(sessions.env, "HISTORY_1");
      expect(db.starts, String(header)).toEqual(["first-primary"]);
      // The chats themselves are still read near, as the bookmark allows.
      expect(history.starts, String(header)).toEqual([header?.startsWith("*") ? MARK_B : "first-unconstrained"]);
    }
    const head = sessionsFor("HEAD", undefined, "/api/v2/users/self", signedIn);
    use(head.sessions.env, "DB");
    expect(head.db.starts).toEqual(["first-primary"]);
  });

  it("starts a share link's read of the main D1 at the primary, so a revoked link is seen at once", () => {
    for (const path of ["/api/v2/share/topic/history/AAAAAAAAAAAAAAAAAAAAAA", "/share/AAAAAAAAAAAAAAAAAAAAAA"]) {
      const { db, history, sessions } = sessionsFor("GET", undefined, path);
      use(sessions.env, "DB");
      use(sessions.env, "HISTORY_1");
      expect(db.starts, path).toEqual(["first-primary"]);
      expect(history.starts, path).toEqual(["first-unconstrained"]);
    }
  });

  it("takes the D1 bindings of the real env for sessions, and no other binding", () => {
    const { env } = openReplicaReads(testEnv, new Request("http://app.test/api/v2/health"));
    expect(env.DB).not.toBe(testEnv.DB);
    expect(env.HISTORY_0).not.toBe(testEnv.HISTORY_0);
    expect(typeof env.DB.prepare).toBe("function");
    // A service binding answers any property name, withSession too: it must stay what it is.
    for (const name of ["EXTRACTOR", "ASSETS", "TOPIC_OBJECT", "KV", "FILES", "JWT_SECRET"] as const)
      expect(env[name], name).toBe(testEnv[name]);
  });

  it("opens a session only for a binding the request uses, and leaves the shared env alone", () => {
    const { env, db, history, sessions } = sessionsFor("GET");
    expect(sessions.env.APP_URL).toBe("http://app.test");
    use(sessions.env, "DB");
    use(sessions.env, "DB");
    expect(db.starts).toHaveLength(1);
    expect(history.starts).toEqual([]);
    expect(env.DB).toBe(db.binding);
  });

  it("answers each used session's bookmark and hands back the others as sent", () => {
    const { sessions } = sessionsFor("GET", `HISTORY_1=${MARK_A};*=first-primary;NOT_A_DB=${MARK_A}`);
    use(sessions.env, "DB");
    const res = sessions.tag(new Response("ok"));
    expect(res.headers.get(BOOKMARK_HEADER)).toBe(`DB=${MARK_A};HISTORY_1=${MARK_A};*=first-primary`);

    const idle = sessionsFor("GET").sessions.tag(new Response("ok"));
    expect(idle.headers.has(BOOKMARK_HEADER)).toBe(false);
  });

  it("tags a response whose headers cannot change", () => {
    const { sessions } = sessionsFor("GET");
    use(sessions.env, "DB");
    const res = sessions.tag(Response.redirect("http://app.test/login", 302));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://app.test/login");
    expect(res.headers.get(BOOKMARK_HEADER)).toBe(`DB=${MARK_A}`);
  });
});
