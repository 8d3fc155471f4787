// Conversations: what the Worker and the TopicObject Durable Object add to a streamed reply over
// reading the model directly, and topic-list and history latency for a large account.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  migrate,
  queryLocal,
  root,
  startWorker,
  stopWorker,
  waitForHealth,
  workerSocket,
  wrangler,
} from "../lib/local.mjs";
import { CHUNK_INTERVAL_MS, CHUNKS, FIRST_CHUNK_MS, startFakeModel, workerVarsFor } from "./fake-model.mjs";
import { percentile, roundTrips } from "./http.mjs";
import { FLOOR_STEPS, startSendFloor } from "./send-floor.mjs";
import { addedSideBySide } from "./side-by-side.mjs";
import { replyText, sseText, timeChunks, timeFirstChunk } from "./stream-timing.mjs";

const PORTS = { app: 8793, model: 8794, floor: 8797 };
const RUNS = 40;
// At the sockets, where the goal is set (issue 28): enough sends that the p99 is not the slowest one or two.
const SOCKET_RUNS = 200;
const TOPICS = 5000;
const MESSAGES = 1000;
const LATENCY_SAMPLES = 50;
const fmt = (n) => Number(n).toFixed(1);

async function register(base, email) {
  const res = await fetch(`${base}/api/v2/users/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1", consent: true }),
  });
  if (res.status !== 201) throw new Error(`регистрация: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A user with an unlimited pack and 5,000 topics (main D1), and one topic of 1,000 messages (one
 * branch) in the user's history shard, written straight into the databases.
 */
function seedLargeAccount(persistTo, email) {
  const file = path.join(persistTo, "bench-seed.sql");
  const user = `(SELECT id FROM users WHERE email = '${email}')`;
  writeFileSync(
    file,
    `INSERT INTO limits (user_id, requests, available_requests, is_unlimited, source) VALUES (${user}, 0, 0, 1, 'admin');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TOPICS})
INSERT INTO topics (user_id, topic_name, assistant_type, updated_at, created_at)
SELECT ${user}, 'Тема ' || i, CASE i % 3 WHEN 0 THEN 'explain_law' WHEN 1 THEN 'gpt' ELSE 'explain_estate' END,
       (unixepoch('subsec') * 1000) - i * 3600000, (unixepoch('subsec') * 1000) - i * 3600000 FROM n;
`,
  );
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  const { userId, shard, topic } = queryLocal(
    persistTo,
    `SELECT u.id AS userId, u.history_shard AS shard, max(t.id) AS topic FROM users u JOIN topics t ON t.user_id = ` +
      `u.id WHERE u.email = '${email}'`,
  )[0];
  writeFileSync(
    file,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES})
INSERT INTO messages (topic_id, user_id, role, text, model)
SELECT ${topic}, ${userId}, CASE i % 2 WHEN 1 THEN 'user' ELSE 'assistant' END,
       'Сообщение ' || i || ': ' || substr(replace(hex(zeroblob(120)), '0', 'текст '), 1, 400), 'bench' FROM n;
-- One line of messages, each after the one before, the last on screen (docs/conversations.md "Versions").
UPDATE messages SET parent_id = id - 1 WHERE topic_id = ${topic} AND id > (SELECT min(id) FROM messages WHERE topic_id = ${topic});
INSERT INTO topic_leaves (topic_id, user_id, leaf_message_id) SELECT ${topic}, ${userId}, max(id) FROM messages WHERE topic_id = ${topic};
`,
  );
  wrangler(["d1", "execute", `HISTORY_${shard}`, "--local", "--persist-to", persistTo, "--file", file]);
  return topic;
}

/** Follows X-Next-Cursor from `url` until `count` items are behind; answers the cursor there. */
async function cursorAfter(url, headers, count) {
  const join = url.includes("?") ? "&" : "?";
  let cursor = null;
  for (let seen = 0; seen < count; seen += 200) {
    const res = await fetch(`${url}${join}limit=200${cursor ? `&cursor=${cursor}` : ""}`, { headers });
    await res.arrayBuffer();
    cursor = res.headers.get("x-next-cursor");
    if (!cursor) throw new Error(`${url}: страницы кончились раньше ${count}`);
  }
  return cursor;
}

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

export async function benchConversations() {
  const persistTo = path.join(root, ".wrangler/bench-conversations");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const model = await startFakeModel(PORTS.model);
  const worker = startWorker({
    port: PORTS.app,
    persistTo,
    stdio: "ignore",
    vars: workerVarsFor(PORTS.model),
    inspector: false,
  });
  let floorWorker;
  try {
    floorWorker = await startSendFloor(PORTS.floor, PORTS.model);
    await waitForHealth(PORTS.app);
    const app = `http://127.0.0.1:${PORTS.app}`;
    const email = "bench-stream@bench.local";
    await register(app, email);
    const bigTopic = seedLargeAccount(persistTo, email);
    const login = () =>
      fetch(`${app}/api/v2/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "bench-password-1" }),
      });
    // The seeding can leave the client idle past workerd's keep-alive: a login on the connection
    // it just closed fails, and logging in again is harmless.
    const { access_token: token } = await (await login().catch(login)).json();
    const auth = { "jwt-token": token, "content-type": "application/json" };

    /** The fake model read directly, timed by `timing` (every chunk, or the first only). */
    const direct = async (timing = timeChunks) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORTS.model}/v1/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ stream: true, messages: [] }),
      });
      return timing(started, res, sseText);
    };
    // The same send to the Worker's own workerd socket, without wrangler dev's proxy in front.
    const socket = await workerSocket(worker);
    // A user asks again after reading the reply, not within a millisecond of its last chunk: the next
    // send waits until this reply is saved, so its batch does not queue behind this one's writes.
    const saved = async (topicId) => {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        const res = await fetch(`${app}/api/v2/topics/${topicId}/history/`, { headers: auth });
        const messages = await res.json();
        if (messages.some((m) => m.role === "assistant")) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`ответ в теме ${topicId} не сохранился за 10 с`);
    };
    /**
     * A new topic's question sent to `base` (the proxy, or the Worker's socket), the reply timed by `timing` (every
     * chunk, or the first only, the rest read by no one), then saved.
     */
    const send = async (base, timing) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/v2/topics/start/stream/`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ message: { text: "Сколько стоит аренда?", attachments: [] }, assistant_type: "gpt" }),
      });
      const timed = await timing(started, res, replyText);
      await saved(res.headers.get("x-topic-id"));
      return timed;
    };
    const throughWorker = () => send(app, timeChunks);
    const firstAtSocket = () => send(socket, timeFirstChunk);

    await direct();
    await throughWorker();
    await firstAtSocket();
    const floorAdded = Object.fromEntries(FLOOR_STEPS.map(([route]) => [route, []]));
    for (const where of ["socket", "proxy"])
      for (const [route] of FLOOR_STEPS) await floorWorker.firstChunk(where, route);
    const firstByte = { direct: [], worker: [] };
    const gaps = { direct: [], worker: [] };
    const added = [];
    const firstAdded = [];
    // A route that does nothing, through the same wrangler dev: the local floor of any Worker route.
    const floor = [];
    const addedAfterFirst = [];
    for (let run = 0; run < RUNS; run++) {
      const d = await direct();
      const w = await throughWorker();
      firstByte.direct.push(d[0]);
      firstByte.worker.push(w[0]);
      firstAdded.push(w[0] - d[0]);
      floor.push(...(await roundTrips(`${app}/api/v2/health`, 1)));
      for (let i = 1; i < CHUNKS; i++) {
        gaps.direct.push(d[i] - d[i - 1]);
        gaps.worker.push(w[i] - w[i - 1]);
      }
      for (let i = 0; i < CHUNKS; i++) added.push(w[i] - d[i]);
      for (let i = 1; i < CHUNKS; i++) addedAfterFirst.push(w[i] - w[0] - (d[i] - d[0]));
      for (const [route] of FLOOR_STEPS) {
        const read = await direct(timeFirstChunk);
        floorAdded[route].push((await floorWorker.firstChunk("proxy", route)) - read);
      }
    }
    const senders = {
      product: { socket, send: firstAtSocket },
      ...Object.fromEntries(
        FLOOR_STEPS.map(([route]) => [
          route,
          { socket: floorWorker.socket, send: () => floorWorker.firstChunk("socket", route) },
        ]),
      ),
    };
    const atSockets = await addedSideBySide(SOCKET_RUNS, () => direct(timeFirstChunk), senders);

    const reads = { "jwt-token": token };
    const listUrl = `${app}/api/v2/topics/active/all?tz=Europe/Moscow`;
    const historyUrl = `${app}/api/v2/topics/${bigTopic}/history/`;
    // Cursors halfway down: the list after 2,500 topics, the history 500 messages back.
    const listMiddle = await cursorAfter(listUrl, reads, TOPICS / 2);
    const historyMiddle = await cursorAfter(historyUrl, reads, MESSAGES / 2);
    const list = stats(await roundTrips(listUrl, LATENCY_SAMPLES, reads));
    const listDeep = stats(await roundTrips(`${listUrl}&cursor=${listMiddle}`, LATENCY_SAMPLES, reads));
    const listWhole = stats(await roundTrips(`${listUrl}&limit=200`, LATENCY_SAMPLES, reads));
    const history = stats(await roundTrips(historyUrl, LATENCY_SAMPLES, reads));
    const historyDeep = stats(await roundTrips(`${historyUrl}?cursor=${historyMiddle}`, LATENCY_SAMPLES, reads));

    const fb = { direct: stats(firstByte.direct), worker: stats(firstByte.worker) };
    const gap = { direct: stats(gaps.direct), worker: stats(gaps.worker) };
    const add = stats(added);
    const first = stats(firstAdded);
    const bare = stats(floor);
    const productAtSocket = stats(atSockets.added.product);
    const bareAtSocket = stats(atSockets.roundTrip[socket]);
    const addLater = stats(addedAfterFirst);
    // The goal (issue 28): the product adds at most 1.2× what the floor's `/d1-do-keep` adds, at the socket.
    const keep = [stats(atSockets.added["/d1-do-keep"]), stats(floorAdded["/d1-do-keep"])];
    const ownShape = stats(atSockets.added["/do-d1-keep"]);
    // Two decimals: the goal is a bound, and 1.24 printed as 1.2 would pass it.
    const times = (a, b) => (a / b).toFixed(2);
    const ratio = (product, floorStep) =>
      `${times(product.p50, floorStep.p50)}× p50, ${times(product.p99, floorStep.p99)}× p99`;
    const floorRow = ([route, what]) => {
      const [socketStep, proxyStep] = [stats(atSockets.added[route]), stats(floorAdded[route])];
      return (
        `| ${what} (\`${route}\`) | ${fmt(socketStep.p50)} | ${fmt(socketStep.p99)} | ${fmt(proxyStep.p50)} | ` +
        `${fmt(proxyStep.p99)} |`
      );
    };
    return [
      `A fake OpenAI-compatible model (scripts/bench/fake-model.mjs) sends ${CHUNKS} SSE chunks, the first after ` +
        `${FIRST_CHUNK_MS} ms, then one every ${CHUNK_INTERVAL_MS} ms. ${RUNS} replies read directly from it and ` +
        `${RUNS} through \`POST /api/v2/topics/start/stream/\` (Worker → TopicObject Durable Object → model), ` +
        `alternately, in one run:`,
      "",
      "| measure | direct p50 | direct p99 | through Worker + DO p50 | p99 | ratio p50 | ratio p99 |",
      "|---|---|---|---|---|---|---|",
      `| time to first chunk, ms | ${fmt(fb.direct.p50)} | ${fmt(fb.direct.p99)} | ${fmt(fb.worker.p50)} | ` +
        `${fmt(fb.worker.p99)} | ${fmt(fb.worker.p50 / fb.direct.p50)} | ${fmt(fb.worker.p99 / fb.direct.p99)} |`,
      `| gap between chunks, ms | ${fmt(gap.direct.p50)} | ${fmt(gap.direct.p99)} | ${fmt(gap.worker.p50)} | ` +
        `${fmt(gap.worker.p99)} | ${fmt(gap.worker.p50 / gap.direct.p50)} | ${fmt(gap.worker.p99 / gap.direct.p99)} |`,
      "",
      `What the Worker and the Durable Object add to the first chunk (through − direct, each pair of runs): ` +
        `**${fmt(first.p50)} ms p50, ${fmt(first.p99)} ms p99** (the goal: ≤ 10 and ≤ 25, docs/scale.md "The first ` +
        `chunk"). It covers the token's signature; then one RPC to a new TopicObject, which runs one D1 batch (the ` +
        `sign-in session check, the mode, its terms, the new topic, a request taken), masks the question, calls the model and writes the question once the model's request is out (docs/conversations.md "The turn"). A route that does nothing (\`GET /api/v2/health\`, one after each pair) takes ${fmt(bare.p50)} ms p50, ${fmt(bare.p99)} ms p99 through the same \`wrangler dev\`: what reaching a Worker at all costs here.`,
      "",
      `\`wrangler dev\` serves through a proxy Worker in a second workerd process, which Cloudflare does not have. ` +
        `The same send to the Worker's own workerd socket, ${SOCKET_RUNS} times, each on a connection a round trip ` +
        `to the route that does nothing has just opened and against its own direct read, the reply saved before the ` +
        `next (scripts/bench/side-by-side.mjs): **${fmt(productAtSocket.p50)} ms p50, ${fmt(productAtSocket.p99)} ms ` +
        `p99** added; that round trip: ${fmt(bareAtSocket.p50)} ms p50, ${fmt(bareAtSocket.p99)} ms p99.`,
      "",
      `The floor of that send here: a Worker that does only what must come before the model, and nothing else ` +
        `(scripts/bench/floor-worker.js: an HMAC token checked, one D1 batch of a session read and a request taken, ` +
        `a Durable Object per send calling the model and passing its body on, each step adding to the one before; ` +
        `the last takes the same steps in a turn's order), in the same run: at its socket beside the product's ` +
        `sends, ${SOCKET_RUNS} per step, on the same footing; through \`wrangler dev\`, ${RUNS} per step. Added to ` +
        `the first chunk, ms:`,
      "",
      `| the floor Worker's send | at its socket p50 | p99 | through wrangler dev p50 | p99 |`,
      "|---|---|---|---|---|",
      ...FLOOR_STEPS.map(floorRow),
      "",
      `The product's send against the floor's \`/d1-do-keep\`, added to the first chunk in this run: ` +
        `**${ratio(productAtSocket, keep[0])}** at the socket (${fmt(productAtSocket.p50)} against ` +
        `${fmt(keep[0].p50)} ms p50, ${fmt(productAtSocket.p99)} against ${fmt(keep[0].p99)} p99), ` +
        `${ratio(first, keep[1])} through \`wrangler dev\`; the goal is at most 1.2× at the socket, p50 and p99. ` +
        `Against the same steps in a turn's order (\`/do-d1-keep\`): ${ratio(productAtSocket, ownShape)} at the ` +
        `socket.`,
      "",
      `Delay the Worker and the Durable Object add to each chunk's arrival (through − direct, same chunk): median ` +
        `**${fmt(add.p50)} ms**, p99 **${fmt(add.p99)} ms**; most of it is the first chunk's head start. Counted ` +
        `from each stream's first chunk, the delay added to the later chunks is median **${fmt(addLater.p50)} ` +
        `ms**, p99 **${fmt(addLater.p99)} ms**: chunks are passed on as they come, not buffered.`,
      "",
      `Pages (docs/scale.md "Pages") for one user with ${TOPICS} topics and a topic of ${MESSAGES} messages ` +
        `(${LATENCY_SAMPLES} sequential requests each):`,
      "",
      "| request | p50 ms | p99 ms |",
      "|---|---|---|",
      `| \`GET /api/v2/topics/active/all\`: the first page (50 topics, grouped by day) | ${fmt(list.p50)} | ` +
        `${fmt(list.p99)} |`,
      `| the same, a page halfway down (\`?cursor=\` after ${TOPICS / 2} topics) | ${fmt(listDeep.p50)} | ` +
        `${fmt(listDeep.p99)} |`,
      `| the same, \`?limit=200\` (the largest page) | ${fmt(listWhole.p50)} | ${fmt(listWhole.p99)} |`,
      `| \`GET /api/v2/topics/{id}/history/\`: the newest page (50 of ${MESSAGES} messages) | ${fmt(history.p50)} ` +
        `| ${fmt(history.p99)} |`,
      `| the same, a page halfway back (\`?cursor=\` ${MESSAGES / 2} messages up) | ${fmt(historyDeep.p50)} | ` +
        `${fmt(historyDeep.p99)} |`,
    ].join("\n");
  } finally {
    await Promise.all([stopWorker(worker), floorWorker?.stop()]);
    model.close();
  }
}
