// The local floor of a send (scripts/bench/floor-worker.js): a Worker that does only what must come
// before the model, in the product's shape, step by step, timed against the same direct read of
// the fake model as the product's send.
import { createHmac } from "node:crypto";
import path from "node:path";
import { root, startWranglerConfig, stopWorker, waitForHealth, workerSocket } from "../lib/local.mjs";
import { sseText, timeFirstChunk } from "./stream-timing.mjs";

const SECRET = "bench-floor-secret";

/** Each route adds one step to the one before. */
export const FLOOR_STEPS = [
  ["/relay", "the model read by the Worker and passed on"],
  ["/d1", "one D1 batch first (a session read, a request taken)"],
  ["/d1-do", "that batch beside a new Durable Object's first call, then the object calls the model"],
  ["/d1-do-keep", "and each chunk kept in the object's SQLite before it is passed on"],
  ["/do-d1-keep", "the same steps as a turn its object owns: the batch inside the object's first call"],
];

export async function startSendFloor(port, modelPort) {
  const persistTo = path.join(root, ".wrangler/bench-floor");
  const child = startWranglerConfig("scripts/bench/floor.wrangler.toml", port, {
    persistTo,
    vars: { MODEL_URL: `http://127.0.0.1:${modelPort}` },
    inspector: false,
  });
  await waitForHealth(port);
  const bases = { proxy: `http://127.0.0.1:${port}`, socket: await workerSocket(child) };
  await fetch(`${bases.socket}/setup`);
  const body = Buffer.from(JSON.stringify({ sub: 1 })).toString("base64url");
  const token = `${body}.${createHmac("sha256", SECRET).update(body).digest("base64")}`;
  /** ms to the first chunk of one send to `route`, through the proxy or at the Worker's socket. */
  const firstChunk = async (where, route) => {
    const started = performance.now();
    const res = await fetch(bases[where] + route, { method: "POST", headers: { "x-token": token } });
    return timeFirstChunk(started, res, sseText);
  };
  return { firstChunk, socket: bases.socket, stop: () => stopWorker(child) };
}
