// The slow end of a send against the floor's (docs/scale.md "Against the floor (issue 28)"): this tree's app and the
// floor Worker's `/d1-do-keep`, new-topic sends alternated at each Worker's socket, each reply finished before the
// next send; prints each side's p50 and p99, its slowest sends and how many took over 1.5× its p50.
// `node scripts/bench/send-tail.mjs`; SENDS=250 by default.
import { existsSync } from "node:fs";
import path from "node:path";
import { buildWeb, ensureDevVars, root, stopWorker, workerSocket } from "../lib/local.mjs";
import { NEW_TOPIC_QUESTION, startAppWithUser } from "./app-with-user.mjs";
import { startFakeModel } from "./fake-model.mjs";
import { percentile } from "./http.mjs";
import { startSendFloor } from "./send-floor.mjs";
import { replyText, sseText, timeFirstChunk } from "./stream-timing.mjs";

const PORTS = { app: 8801, model: 8894, floor: 8890 };
const SENDS = Number(process.env.SENDS ?? 250);
const WARM_UP = 5;
// The reply (three chunks, 10 ms apart) is over well before the next send.
const PAUSE_MS = 150;

async function startApp() {
  const persistTo = path.join(root, ".wrangler/bench-send-tail");
  const app = { port: PORTS.app, modelPort: PORTS.model, persistTo, email: "tail@bench.local" };
  const { child, token } = await startAppWithUser(app);
  const socket = await workerSocket(child);
  const headers = { "jwt-token": token, "content-type": "application/json" };
  const firstChunk = async () => {
    const started = performance.now();
    const sent = await fetch(`${socket}/api/v2/topics/start/stream/`, {
      method: "POST",
      headers,
      body: NEW_TOPIC_QUESTION,
    });
    return timeFirstChunk(started, sent, replyText);
  };
  return { firstChunk, stop: () => stopWorker(child) };
}

const direct = async () => {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORTS.model}/v1/chat/completions`, { method: "POST", body: "{}" });
  return timeFirstChunk(started, res, sseText);
};

// What `npm start` makes first, as for `npm run bench`: the local secrets and the build.
ensureDevVars();
if (!existsSync(path.join(root, "dist/share-screen"))) buildWeb();

const model = await startFakeModel(PORTS.model, { chunks: 3, firstMs: 30, intervalMs: 10 });
const stops = [];
try {
  const app = await startApp();
  stops.push(app.stop);
  const floor = await startSendFloor(PORTS.floor, PORTS.model);
  stops.push(floor.stop);
  const sides = { product: app.firstChunk, "/d1-do-keep": () => floor.firstChunk("socket", "/d1-do-keep") };
  const added = { product: [], "/d1-do-keep": [] };
  for (let round = 0; round < SENDS + WARM_UP; round++) {
    for (const name of round % 2 ? ["/d1-do-keep", "product"] : ["product", "/d1-do-keep"]) {
      const read = await direct();
      const ms = (await sides[name]()) - read;
      if (round >= WARM_UP) added[name].push(ms);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
  for (const [name, values] of Object.entries(added)) {
    const p50 = percentile(values, 50);
    const slowest = [...values].sort((a, b) => b - a).slice(0, 5);
    const slow = values.filter((ms) => ms > 1.5 * p50).length;
    console.log(
      `${name}: p50 ${p50.toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)}; slowest ` +
        `${slowest.map((ms) => ms.toFixed(1)).join(", ")}; over 1.5× p50: ${slow} of ${values.length}`,
    );
  }
} finally {
  for (const stop of stops) await stop();
  model.close();
}
