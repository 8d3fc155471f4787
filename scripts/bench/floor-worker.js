// The local floor of a send: the least a streamed reply can do here and still do what must come
// before the model (a token checked, one D1 batch that checks the session and takes a request), in
// the shape the product has (a Durable Object per topic calling the model). Each route adds one
// step, so the steps' costs on this machine come out of one run (docs/scale.md "The first chunk"); the last
// takes the same steps in the order of a turn its object owns.
import { DurableObject } from "cloudflare:workers";

const encoder = new TextEncoder();

async function verified(env, token) {
  const [body, signature] = token.split(".");
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(env.SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("HMAC", key, bytes, encoder.encode(body));
}

// What the product's session check and request taking do, as one batch of two statements.
function checkAndTake(db) {
  return db.batch([
    db.prepare("SELECT id FROM sessions WHERE id = ?1 AND ended = 0").bind(1),
    db
      .prepare("UPDATE limits SET available = available - 1 WHERE user_id = ?1 AND available > 0 RETURNING available")
      .bind(1),
  ]);
}

export class Relay extends DurableObject {
  reserve() {
    return true;
  }

  /** The shape an object that owns its turn has: its first call runs the batch, then the model, each chunk kept. */
  async turn(modelUrl) {
    await checkAndTake(this.env.DB);
    return this.start(modelUrl, true);
  }

  /**
   * The model's body as it comes; with `keep`, each chunk first kept in the object's SQLite, as the product's session
   * keeps it.
   */
  async start(modelUrl, keep = false) {
    const res = await fetch(modelUrl, { method: "POST", body: JSON.stringify({ stream: true, messages: [] }) });
    if (!keep) return res.body;
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY, text BLOB NOT NULL)");
    let seq = 0;
    return res.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          sql.exec("INSERT INTO chunks (seq, text) VALUES (?, ?)", ++seq, chunk);
          controller.enqueue(chunk);
        },
      }),
    );
  }
}

const model = (env) => `${env.MODEL_URL}/v1/chat/completions`;

async function throughRelay(env, keep) {
  const relay = env.RELAY.get(env.RELAY.newUniqueId());
  await Promise.all([checkAndTake(env.DB), relay.reserve()]);
  return relay.start(model(env), keep);
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/v2/health") return Response.json({ status: "ok" });
    if (pathname === "/setup") {
      await env.DB.batch([
        env.DB.prepare("CREATE TABLE IF NOT EXISTS sessions (id INTEGER PRIMARY KEY, ended INTEGER NOT NULL)"),
        env.DB.prepare("CREATE TABLE IF NOT EXISTS limits (user_id INTEGER PRIMARY KEY, available INTEGER NOT NULL)"),
        env.DB.prepare("INSERT OR REPLACE INTO sessions VALUES (1, 0)"),
        env.DB.prepare("INSERT OR REPLACE INTO limits VALUES (1, 1000000000)"),
      ]);
      return Response.json({ status: "ok" });
    }
    if (!(await verified(env, request.headers.get("x-token") ?? ""))) return new Response("", { status: 401 });
    const headers = { "content-type": "text/event-stream" };
    switch (pathname) {
      // The model straight from the Worker: the relay alone.
      case "/relay":
        return new Response((await fetch(model(env), { method: "POST", body: "{}" })).body, { headers });
      // One D1 batch, then the model from the Worker.
      case "/d1":
        await checkAndTake(env.DB);
        return new Response((await fetch(model(env), { method: "POST", body: "{}" })).body, { headers });
      // The batch beside a new Durable Object's first call (the product's shape before issue 28), then the object
      // calls the model.
      case "/d1-do":
        return new Response(await throughRelay(env, false), { headers });
      // And each chunk kept in the object's storage before it is passed on.
      case "/d1-do-keep":
        return new Response(await throughRelay(env, true), { headers });
      // The same steps in the order of a turn its object owns (docs/conversations.md "The turn"): the batch inside the
      // new object's first call, not beside it.
      case "/do-d1-keep":
        return new Response(await env.RELAY.get(env.RELAY.newUniqueId()).turn(model(env)), { headers });
      default:
        return new Response("", { status: 404 });
    }
  },
};
