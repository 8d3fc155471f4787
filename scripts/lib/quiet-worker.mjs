// Starts one Worker as `wrangler dev` does, but without the DevTools inspector: with it attached,
// every console.log is serialised for DevTools and relayed through another workerd, about 2 ms of
// CPU a line on this machine, which Cloudflare does not pay. The benchmarks that set the app beside
// a bare Worker start both with it (docs/scale.md "How the benchmarks run the Workers").
// Usage: node quiet-worker.mjs CONFIG --port N [--persist-to DIR] [--var KEY:VALUE]... [--inspector-port N]
// (the inspector only for a probe that reads the isolate itself: scripts/bench/send-heap.mjs).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { unstable_startWorker } from "wrangler";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string" },
    "persist-to": { type: "string" },
    var: { type: "string", multiple: true },
    "inspector-port": { type: "string" },
  },
});
const vars = Object.fromEntries(
  (values.var ?? []).map((pair) => {
    const at = pair.indexOf(":");
    return [pair.slice(0, at), { type: "plain_text", value: pair.slice(at + 1) }];
  }),
);
// A registry of its own: the Workers it binds to are not started, and another run's must not answer.
const registry = mkdtempSync(path.join(os.tmpdir(), "yasno-registry-"));
const worker = await unstable_startWorker({
  config: positionals[0],
  bindings: vars,
  dev: {
    server: { hostname: "127.0.0.1", port: Number(values.port) },
    inspector: values["inspector-port"] ? { port: Number(values["inspector-port"]) } : false,
    persist: values["persist-to"],
    logLevel: "warn",
    watch: false,
    registry,
    // wrangler source-maps every line before its logger drops those below `logLevel`, about 0.27 ms
    // of CPU a line here; the suites print warnings and errors only, so the rest are dropped first.
    structuredLogsHandler: ({ level, message }) => {
      if (level === "warn" || level === "error") process.stderr.write(`${message}\n`);
    },
  },
});
await worker.ready;
const stop = async () => {
  await worker.dispose();
  rmSync(registry, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
