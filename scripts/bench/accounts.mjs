// Accounts: the cost of one password hash in workerd, and login and GET /users/self on the local
// Worker against a bare Worker answering a constant, measured in one run.
import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, root, startWorker, startWranglerConfig, stopWorker, waitForHealth } from "../lib/local.mjs";
import { load, percentile, roundTrips } from "./http.mjs";

const PORTS = { app: 8790, bare: 8791, hash: 8792, bareRouted: 8789 };
const USERS = 50;
const HASH_SAMPLES = 40;

const fmt = (n, digits = 1) => Number(n).toFixed(digits);

async function registerUsers(base) {
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench-${i}@bench.local`;
    const res = await fetch(`${base}/api/v2/users/`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `10.9.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ email, password: "bench-password-1", name: `Bench ${i}`, consent: true }),
    });
    if (res.status !== 201) throw new Error(`регистрация ${email}: ${res.status} ${await res.text()}`);
    users.push({ email, ...(await res.json()) });
  }
  return users;
}

export async function benchAccounts() {
  const persistTo = path.join(root, ".wrangler/bench");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const workers = [
    startWorker({
      port: PORTS.app,
      persistTo,
      stdio: "ignore",
      vars: { RATE_LIMIT_FACTOR: "100000" },
      inspector: false,
    }),
    startWranglerConfig("scripts/bench/bare.wrangler.toml", PORTS.bare, { inspector: false }),
    startWranglerConfig("scripts/bench/bare-assets.wrangler.toml", PORTS.bareRouted, { inspector: false }),
    startWranglerConfig("scripts/bench/hash.wrangler.toml", PORTS.hash, { inspector: false }),
  ];
  try {
    await Promise.all(Object.values(PORTS).map((port) => waitForHealth(port)));
    const app = `http://127.0.0.1:${PORTS.app}`;
    const bare = `http://127.0.0.1:${PORTS.bare}`;

    // One hash: round trip to a Worker that hashes, minus the round trip to one that does not.
    await roundTrips(`http://127.0.0.1:${PORTS.hash}/hash`, 5);
    const hashTrips = await roundTrips(`http://127.0.0.1:${PORTS.hash}/hash`, HASH_SAMPLES);
    const plainTrips = await roundTrips(`http://127.0.0.1:${PORTS.hash}/`, HASH_SAMPLES);
    const hashMs = percentile(hashTrips, 50) - percentile(plainTrips, 50);

    const users = await registerUsers(app);
    let next = 0;
    const loginRequests = [
      {
        method: "POST",
        path: "/api/v2/users/login",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => {
          const user = users[next++ % users.length];
          return { ...req, body: JSON.stringify({ email: user.email, password: "bench-password-1" }) };
        },
      },
    ];
    const baseline = await load({ url: bare });
    // The app is served behind the static assets' router (wrangler.toml [assets]): so is this one.
    const routed = await load({ url: `http://127.0.0.1:${PORTS.bareRouted}/api/v2/health` });
    // The app's own floor: routing, the security headers and the replica reads' wrapper, no sign-in and no storage.
    const floor = await load({ url: `${app}/api/v2/health` });
    const self = await load({ url: `${app}/api/v2/users/self`, headers: { "jwt-token": users[0].access_token } });
    const login = await load({ url: app, requests: loginRequests });

    const row = (name, r) =>
      `| ${name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 0)} | ${fmt(r.p99, 0)} | ${fmt(r.rps / baseline.rps, 3)} | ` +
      `${fmt(r.p99 / Math.max(baseline.p99, 1), 1)} |`;
    return [
      `One password hash in workerd (scrypt N=2^14, r=8, p=5): **${fmt(hashMs)} ms** (median of ${HASH_SAMPLES} ` +
        `round trips to a Worker that hashes, minus the median of ${HASH_SAMPLES} to the same Worker not hashing).`,
      "",
      "8 connections, 10 s each, each Worker under wrangler's dev server without the DevTools inspector or the",
      'local explorer\'s collector (docs/scale.md "How the benchmarks run the Workers") on this machine:',
      "",
      "| target | req/s | p50 ms | p99 ms | throughput ÷ bare | p99 ÷ bare |",
      "|---|---|---|---|---|---|",
      row("bare Worker, constant answer", baseline),
      row("the same behind the static assets' router, as the app is (`[assets]`, `run_worker_first`)", routed),
      row("`GET /api/v2/health` (the app's floor)", floor),
      row("`GET /api/v2/users/self`", self),
      row(`\`POST /api/v2/users/login\` (${USERS} users in turn)`, login),
      "",
      "Reading: login is bound by the password hash, by design: local workerd runs one isolate on",
      "one thread, so its throughput is about 1000 ms ÷ the hash time. Deployed, each isolate hashes",
      "its own logins and Cloudflare runs many, so this is the cost per login (CPU time, paid plan),",
      "not a ceiling. `/users/self` does one HMAC verification and the session check in KV (the",
      "session's key and the user's, side by side, each answer kept 5 s per isolate), never D1; the user's",
      "row it shows is read from D1 by primary key once every few seconds per isolate",
      '(docs/scale.md, "The session check"); locally KV and D1 are loopback services.',
      "",
      `Target (issue 33): \`GET /users/self\` ≥ 0.7× the bare Worker deployed as the app is, behind the same ` +
        `assets' router: ${self.rps / routed.rps >= 0.7 ? "met" : "not met"} in this run ` +
        `(${fmt(self.rps / routed.rps, 3)}×; ${fmt(self.rps / baseline.rps, 3)}× a Worker with no assets at all); ` +
        `against the app's own floor, \`/health\`, it runs at ${fmt(self.rps / floor.rps, 3)}×: what the sign-in ` +
        "check and the user's row add to a request.",
    ].join("\n");
  } finally {
    await Promise.all(workers.map(stopWorker));
  }
}
