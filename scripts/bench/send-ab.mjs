// Two trees' first chunk side by side (docs/scale.md "Against the floor (issue 28)"): each tree's app as a quiet
// Worker with its own state, one fake model, new-topic sends alternated between them at each Worker's socket.
// `node scripts/bench/send-ab.mjs <tree A> <tree B>` (worktrees with their own node_modules); SENDS=150 by default.
import { rmSync } from "node:fs";
import path from "node:path";
import { percentile } from "./http.mjs";
import { startFakeModel } from "./fake-model.mjs";
import { replyText, sseText, timeFirstChunk } from "./stream-timing.mjs";

const MODEL_PORT = 8894;
const FIRST_MS = 30;
const SENDS = Number(process.env.SENDS ?? 150);
const WARM_UP = 5;
const question = JSON.stringify({
  message: { text: "Сколько стоит аренда квартиры?", attachments: [] },
  assistant_type: "gpt",
});

/** One tree's app, migrated afresh, with a user on an unlimited pack. */
async function startTree(tree, port) {
  const local = await import(path.join(tree, "scripts/lib/local.mjs"));
  const { workerVarsFor } = await import(path.join(tree, "scripts/bench/fake-model.mjs"));
  const persistTo = path.join(tree, ".wrangler/bench-send-ab");
  rmSync(persistTo, { recursive: true, force: true });
  local.migrate(persistTo);
  const child = local.startWorker({
    port,
    persistTo,
    stdio: "ignore",
    vars: workerVarsFor(MODEL_PORT),
    inspector: false,
  });
  await local.waitForHealth(port);
  const res = await fetch(`http://127.0.0.1:${port}/api/v2/users/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "ab@bench.local", password: "bench-password-1", consent: true }),
  });
  const { access_token: token } = await res.json();
  local.queryLocal(
    persistTo,
    "INSERT INTO limits (user_id, requests, available_requests, is_unlimited, source) " +
      "SELECT id, 0, 0, 1, 'admin' FROM users",
  );
  return { tree, local, child, socket: await local.workerSocket(child), token, added: [], wayIn: [], wayOut: [] };
}

/** When the fake model last had a whole request: the end of a send's way in. */
let modelHad = 0;

/**
 * ms to the reply's first text through `app`, less the same for a direct read just before it; and that time split
 * at the model: the way in (the POST to the model having the request) and the way out (the model's first chunk to
 * the client's first text).
 */
async function sendTo(app) {
  let started = performance.now();
  const direct = await fetch(`http://127.0.0.1:${MODEL_PORT}/v1/chat/completions`, { method: "POST", body: "{}" });
  const directMs = await timeFirstChunk(started, direct, sseText);
  started = performance.now();
  const res = await fetch(`${app.socket}/api/v2/topics/start/stream/`, {
    method: "POST",
    headers: { "jwt-token": app.token, "content-type": "application/json" },
    body: question,
  });
  const firstMs = await timeFirstChunk(started, res, replyText);
  const wayIn = modelHad - started;
  return { added: firstMs - directMs, wayIn, wayOut: firstMs - wayIn - FIRST_MS };
}

const trees = process.argv.slice(2).map((tree) => path.resolve(tree));
if (trees.length !== 2) throw new Error("usage: node scripts/bench/send-ab.mjs <tree A> <tree B>");
const model = await startFakeModel(MODEL_PORT, { chunks: 3, firstMs: FIRST_MS, intervalMs: 10 });
model.on("request", (req) => req.on("end", () => (modelHad = performance.now())));
const apps = [];
try {
  for (const [i, tree] of trees.entries()) apps.push(await startTree(tree, 8801 + i));
  for (let round = 0; round < SENDS + WARM_UP; round++) {
    for (const app of round % 2 ? [...apps].reverse() : apps) {
      const send = await sendTo(app);
      if (round >= WARM_UP) for (const key of ["added", "wayIn", "wayOut"]) app[key].push(send[key]);
      // The reply is saved meanwhile, as before a user's next question.
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
  }
  const p = (values, at) => percentile(values, at).toFixed(2);
  for (const app of apps) {
    console.log(
      `${app.tree}: added to the first chunk p50 ${p(app.added, 50)} ms, p90 ${p(app.added, 90)} ms; ` +
        `the way in p50 ${p(app.wayIn, 50)}, out ${p(app.wayOut, 50)} (${SENDS} sends)`,
    );
  }
} finally {
  for (const app of apps) await app.local.stopWorker(app.child);
  model.close();
}
