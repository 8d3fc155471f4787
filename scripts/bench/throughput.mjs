// Sends per second one history shard takes: concurrent senders through the Worker against a fake
// model that answers at once, every user in one shard, at growing concurrency until completed sends
// per second stop growing (docs/scale.md "Capacity").
import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, queryLocal, root, startWorker, stopWorker, waitForHealth } from "../lib/local.mjs";
import { startFakeModel, workerVarsFor } from "./fake-model.mjs";
import { percentile } from "./http.mjs";

const PORTS = { app: 8806, model: 8807 };
const SENDERS = [1, 4, 16, 32];
const SECONDS = 8;
/** A sender asks this many questions in a topic, then starts another (as a short conversation does). */
const SENDS_PER_TOPIC = 5;
/** A short reply, so the measure is the send's own work, not the model's time. */
const REPLY = { chunks: 5, firstMs: 5, intervalMs: 5 };
const fmt = (n) => Number(n).toFixed(1);

async function register(app, email) {
  const res = await fetch(`${app}/api/v2/users/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1", consent: true }),
  });
  if (res.status !== 201) throw new Error(`регистрация: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** One user sending until `deadline`, each send read to its end (the reply is saved by then). */
async function sender(app, token, deadline, out) {
  const headers = { "jwt-token": token, "content-type": "application/json" };
  let topic = null;
  let asked = 0;
  while (performance.now() < deadline) {
    const fresh = topic === null || asked === SENDS_PER_TOPIC;
    const started = performance.now();
    const res = await fetch(
      fresh ? `${app}/api/v2/topics/start/stream/` : `${app}/api/v2/topics/${topic}/message/stream/`,
      {
        method: "POST",
        headers,
        body: JSON.stringify(
          fresh
            ? { message: { text: "Сколько стоит аренда?", attachments: [] }, assistant_type: "gpt" }
            : { text: "А если на год?", attachments: [] },
        ),
      },
    );
    const body = await res.text();
    if (res.status !== 200) {
      out.errors.push(`${res.status} ${body}`);
      continue;
    }
    if (fresh) [topic, asked] = [res.headers.get("x-topic-id"), 0];
    asked++;
    out.times.push(performance.now() - started);
  }
}

export async function benchThroughput() {
  // Another Worker on the port would take the senders (and waitForHealth would believe it).
  if (
    await fetch(`http://127.0.0.1:${PORTS.app}/`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`порт ${PORTS.app} занят`);
  const persistTo = path.join(root, ".wrangler/bench-throughput");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  // Every user in shard 0 (the other local shard takes no one), each with an unlimited pack from
  // the start: nothing writes the databases past the Worker once it serves.
  queryLocal(
    persistTo,
    `UPDATE history_shards SET open = 0 WHERE id <> 0;
     CREATE TRIGGER bench_unlimited AFTER INSERT ON users BEGIN
       INSERT INTO limits (user_id, requests, available_requests, is_unlimited, source) VALUES (NEW.id, 0, 0, 1, 'admin');
     END;`,
  );
  const model = await startFakeModel(PORTS.model, REPLY);
  const worker = startWorker({
    port: PORTS.app,
    persistTo,
    stdio: "ignore",
    vars: workerVarsFor(PORTS.model),
  });
  try {
    await waitForHealth(PORTS.app);
    const app = `http://127.0.0.1:${PORTS.app}`;
    const tokens = [];
    for (let i = 0; i < Math.max(...SENDERS); i++) tokens.push(await register(app, `bench-send-${i}@bench.local`));

    const rows = [];
    for (const count of SENDERS) {
      const out = { times: [], errors: [] };
      const started = performance.now();
      await Promise.all(tokens.slice(0, count).map((token) => sender(app, token, started + SECONDS * 1000, out)));
      const elapsed = (performance.now() - started) / 1000;
      for (const error of new Set(out.errors)) console.error(`${count} отправителей: ${error}`);
      rows.push(
        `| ${count} | ${out.times.length} | **${fmt(out.times.length / elapsed)}** | ` +
          `${fmt(percentile(out.times, 50))} | ${fmt(percentile(out.times, 99))} | ${out.errors.length} |`,
      );
    }
    const [{ shards }] = queryLocal(
      persistTo,
      "SELECT count(DISTINCT history_shard) AS shards FROM users WHERE email LIKE 'bench-send-%'",
    );
    if (shards !== 1) throw new Error(`пользователи в ${shards} шардах, а нужен один`);
    const [{ messages }] = queryLocal(persistTo, "SELECT count(*) AS messages FROM messages", "HISTORY_0");
    return [
      `Concurrent senders through the Worker (\`POST /topics/start/stream/\`, then ${SENDS_PER_TOPIC - 1} × \`POST ` +
        `/topics/{id}/message/stream/\` in that topic, and again), each send read to its end, for ${SECONDS} s per ` +
        `row; every user in one history shard; a fake model answering ${REPLY.chunks} chunks ${REPLY.intervalMs} ` +
        `ms apart, the first after ${REPLY.firstMs} ms:`,
      "",
      "| senders | sends completed | sends/s | p50 ms per send | p99 ms | refused |",
      "|---|---|---|---|---|---|",
      ...rows,
      "",
      `The shard holds ${messages} messages at the end. Locally the Worker, every session and every D1 database ` +
        `run in one workerd process on this machine's cores, shared with the load generator and the fake model: ` +
        `where sends/s stops growing is that process's CPU, not D1's write limit (docs/scale.md "Capacity").`,
    ].join("\n");
  } finally {
    await stopWorker(worker);
    model.close();
  }
}
