// What a send leaves in the app's isolate (docs/scale.md "What the slowest sends are"): new-topic sends through the
// app's Worker with its inspector open; prints the used heap every 20 sends (its major collections show as drops),
// then what 100 sends allocated that outlived the young generation's collections, by where it was made.
// `node scripts/bench/send-heap.mjs`.
import { existsSync } from "node:fs";
import path from "node:path";
import { buildWeb, ensureDevVars, root, stopWorker } from "../lib/local.mjs";
import { newTopicSend, startAppWithUser } from "./app-with-user.mjs";
import { startFakeModel } from "./fake-model.mjs";

const PORTS = { app: 8801, model: 8894, inspector: 9555 };
// Where an allocation was made, by the first rule any frame of its stack matches; the rest by its own frame.
const PLACES = [
  ["the error lines of the extractor this probe does not start", ["logEvent", "lookUp", "loggedError"]],
  [
    "the AI SDK's request and stream",
    [
      "parseJsonEventStream",
      "EventSourceParserStream",
      "createAsyncIterableStream",
      "doStream",
      "streamLanguageModelCall",
      "postJsonToApi",
    ],
  ],
  ["the D1 binding", ["d1-api"]],
  ["drizzle", ["BaseSQLiteDatabase", "mergeQueries", "buildQueryFromSourceParams", "StringChunk", "escapeName"]],
  ["the D1 read sessions", ["openReplicaReads", "withSession"]],
  ["Hono, zod and the route", ["dispatch", "compose", "zod", "validator"]],
];

async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${PORTS.inspector}/json`)).json();
  // wrangler's inspector proxy answers only a local page's origin.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  let last = 0;
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++last;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => socket.close() };
}

function byPlace(profile) {
  const sizes = new Map();
  const walk = (node, stack) => {
    const frame = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").at(-1)}`;
    const frames = [...stack, frame];
    if (node.selfSize) {
      const all = frames.join(" ");
      const place = PLACES.find(([, keys]) => keys.some((key) => all.includes(key)))?.[0] ?? frame;
      sizes.set(place, (sizes.get(place) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(profile.head, []);
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

ensureDevVars();
if (!existsSync(path.join(root, "dist/share-screen"))) buildWeb();
const model = await startFakeModel(PORTS.model, { chunks: 3, firstMs: 30, intervalMs: 10 });
const persistTo = path.join(root, ".wrangler/bench-send-heap");
const app = { port: PORTS.app, modelPort: PORTS.model, persistTo, email: "heap@bench.local" };
const { child, base, token } = await startAppWithUser({ ...app, inspectorPort: PORTS.inspector });
try {
  const send = newTopicSend(base, token);
  for (let i = 0; i < 5; i++) await send();
  const devtools = await inspector();
  const used = async () => ((await devtools.call("Runtime.getHeapUsage")).usedSize / 1e6).toFixed(2);
  const heap = [`5: ${await used()}`];
  for (let sent = 25; sent <= 245; sent += 20) {
    for (let i = 0; i < 20; i++) await send();
    heap.push(`${sent}: ${await used()}`);
  }
  console.log(`the used heap, MB, after so many sends: ${heap.join(", ")}`);
  await devtools.call("HeapProfiler.enable");
  const outlived = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false };
  await devtools.call("HeapProfiler.startSampling", { samplingInterval: 1024, ...outlived });
  for (let i = 0; i < 100; i++) await send();
  const { profile } = await devtools.call("HeapProfiler.stopSampling");
  devtools.close();
  const places = byPlace(profile);
  const total = places.reduce((sum, [, size]) => sum + size, 0);
  console.log(`outlived the young generation, a send: ${(total / 1024 / 100).toFixed(1)} KB`);
  for (const [place, size] of places.slice(0, 12)) console.log(`  ${(size / 1024 / 100).toFixed(1)} KB ${place}`);
} finally {
  await stopWorker(child);
  model.close();
}
