// V8's collections in the app's isolate over new-topic sends (docs/scale.md "What the slowest sends are"): the app's
// workerd writes a Perfetto trace of V8's GC categories (Miniflare starts the workerd MINIFLARE_WORKERD_PATH names,
// here a script that adds `--perfetto-trace`), and this prints its pauses: how many, how long, the longest.
// `node scripts/bench/send-gc.mjs [tree]` (another worktree's app, with its own node_modules); SENDS=200 by default.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { startFakeModel } from "./fake-model.mjs";
import { percentile } from "./http.mjs";
import { slicesOf } from "./perfetto.mjs";

const SENDS = Number(process.env.SENDS ?? 200);
const PORTS = { app: 8801, model: 8894 };
const CATEGORIES = "v8,disabled-by-default-v8.gc";
const tree = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../.."));

const traces = mkdtempSync(path.join(os.tmpdir(), "yasno-send-gc-"));
// The tree's own workerd, as Miniflare finds it: the `workerd` package names its platform's binary.
const workerd = createRequire(path.join(tree, "package.json"))("workerd").default;
const wrapper = path.join(traces, "workerd");
writeFileSync(wrapper, `#!/bin/sh\nexec ${workerd} "$@" --perfetto-trace=${traces}/$$.pftrace=${CATEGORIES}\n`);
chmodSync(wrapper, 0o755);
// Read when scripts/lib/local.mjs loads, so it and all that imports it load after: every workerd they start is traced.
process.env.MINIFLARE_WORKERD_PATH = wrapper;

const { buildWeb, ensureDevVars, stopWorker } = await import(path.join(tree, "scripts/lib/local.mjs"));
const { startAppWithUser } = await import(path.join(tree, "scripts/bench/app-with-user.mjs"));
const { newTopicSend } = await import("./app-with-user.mjs");

// What `npm start` makes first, as for `npm run bench`: the local secrets and the build.
ensureDevVars();
if (!existsSync(path.join(tree, "dist/share-screen"))) buildWeb();
const model = await startFakeModel(PORTS.model, { chunks: 3, firstMs: 30, intervalMs: 10 });
const persistTo = path.join(tree, ".wrangler/bench-send-gc");
const app = { port: PORTS.app, modelPort: PORTS.model, persistTo, email: "gc@bench.local" };
const { child, base, token } = await startAppWithUser(app);
try {
  const send = newTopicSend(base, token);
  for (let i = 0; i < SENDS; i++) await send();
} finally {
  await stopWorker(child);
  model.close();
}

// The app's trace is the largest: the migrations' workerd runs a moment and collects little.
const [largest] = readdirSync(traces)
  .filter((name) => name.endsWith(".pftrace"))
  .map((name) => path.join(traces, name))
  .sort((a, b) => statSync(b).size - statSync(a).size);
const slices = slicesOf(readFileSync(largest));
rmSync(traces, { recursive: true, force: true });
const pauses = slices.filter((slice) => slice.name === "ObservablePause").map((slice) => slice.ms);
const count = (name) => slices.filter((slice) => slice.name === name).length;
const total = pauses.reduce((sum, ms) => sum + ms, 0);
console.log(`${path.basename(tree)}, ${SENDS} sends: ${pauses.length} pauses, ${total.toFixed(1)} ms in all`);
const longest = pauses
  .toSorted((a, b) => b - a)
  .slice(0, 3)
  .map((ms) => ms.toFixed(1));
const median = percentile(pauses, 50).toFixed(2);
console.log(`  young generation (scavenges): ${count("V8.GCScavenger")}; major: ${count("V8.GC_MARK_COMPACTOR")}`);
console.log(`  a pause: p50 ${median} ms, longest ${longest.join(", ")} ms; a send ${(total / SENDS).toFixed(2)} ms`);
