// Shared by `npm start` and the browser tests: a local D1/R2/KV/DO state, migrated and seeded,
// and the Worker serving the built SPA on one localhost URL. No account, no network.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "./password.mjs";

export const root = path.resolve(import.meta.dirname, "../..");
const wranglerBin = path.join(root, "node_modules/.bin/wrangler");
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true", NO_COLOR: "1" };

export function wrangler(args, options = {}) {
  return execFileSync(wranglerBin, args, {
    cwd: root,
    env: quietEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
}

/** Local secrets live in .dev.vars (git-ignored), each made once with random bytes; one missing is added. */
export function ensureDevVars() {
  const file = path.join(root, ".dev.vars");
  const have = existsSync(file) ? readFileSync(file, "utf8") : "";
  const secrets = { JWT_SECRET: 32, INTERNAL_TOKEN: 24, PRIVACY_KEY: 32 };
  const missing = Object.entries(secrets).filter(([name]) => !new RegExp(`^${name}=`, "m").test(have));
  if (missing.length > 0) {
    const lines = missing.map(([name, bytes]) => `${name}=${randomBytes(bytes).toString("hex")}\n`).join("");
    writeFileSync(file, `${have}${have && !have.endsWith("\n") ? "\n" : ""}${lines}`);
    console.log(`В .dev.vars добавлены локальные секреты: ${missing.map(([name]) => name).join(", ")}.`);
  }
  writeTelegramDevVars(readFileSync(file, "utf8"));
}

const TELEGRAM_VARS = ["INTERNAL_TOKEN", "TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_API_ROOT"];

/**
 * wrangler dev reads each Worker's .dev.vars beside its own wrangler.toml: the bot's Worker gets the
 * root's values it needs (the internal API's token, and the bot's settings when set), made again each run.
 */
function writeTelegramDevVars(rootVars) {
  const lines = rootVars.split("\n").filter((line) => TELEGRAM_VARS.some((name) => line.startsWith(`${name}=`)));
  writeFileSync(path.join(root, "worker/telegram/.dev.vars"), `${lines.join("\n")}\n`);
}

export function buildWeb() {
  execFileSync(path.join(root, "node_modules/.bin/vite"), ["build", "-c", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
}

/** The history shards bound in wrangler.toml for local runs (docs/scale.md "History shards"). */
export const LOCAL_SHARDS = [0, 1];

/** The main D1, every local history shard and the law library migrated, and every shard in the directory, open. */
export function migrate(persistTo) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  for (const shard of LOCAL_SHARDS)
    wrangler(["d1", "migrations", "apply", `HISTORY_${shard}`, "--local", "--persist-to", persistTo]);
  wrangler(["d1", "migrations", "apply", "LAW_DB", "--local", "--persist-to", persistTo]);
  const rows = LOCAL_SHARDS.map((shard) => `(${shard}, 1)`).join(", ");
  wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistTo,
    "--command",
    `INSERT OR IGNORE INTO history_shards (id, open) VALUES ${rows}`,
  ]);
}

/**
 * The demo law library (docs/law.md "Demo library"): excerpts of ГК РФ and ЖК РФ marked `demo`, added
 * when missing; an act already in the library (imported for real) is left as it is.
 */
export function seedLawDemo(persistTo) {
  const sql = execFileSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/law-demo/seed-sql.ts")], {
    cwd: root,
    encoding: "utf8",
  });
  const dir = mkdtempSync(path.join(tmpdir(), "yasno-law-demo-"));
  try {
    const file = path.join(dir, "demo.sql");
    writeFileSync(file, sql);
    wrangler(["d1", "execute", "LAW_DB", "--local", "--persist-to", persistTo, "--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows one SQL statement answers from a local database (the main D1 unless `database` names a binding). */
export function queryLocal(persistTo, sql, database = "DB") {
  const out = wrangler(["d1", "execute", database, "--local", "--persist-to", persistTo, "--json", "--command", sql]);
  return JSON.parse(out)[0].results;
}

const sqlString = (s) => `'${String(s).replaceAll("'", "''")}'`;

/**
 * Creates the first admin when there is none; returns its credentials only then. The password is
 * random unless given (the browser tests' server passes a known test password).
 */
export function seedAdmin(persistTo, email = "admin@yasno.local", password = randomBytes(9).toString("base64url")) {
  const [{ admins }] = queryLocal(persistTo, "SELECT count(*) AS admins FROM users WHERE role = 'admin'");
  if (admins > 0) return null;
  queryLocal(
    persistTo,
    `INSERT INTO users (email, name, password_hash, role) VALUES (${sqlString(email)}, 'Администратор', ` +
      `${sqlString(hashPassword(password))}, 'admin')`,
  );
  return { email, password };
}

// Each Worker gets its own inspector port, so several can run at once (the benchmarks do).
const devFlags = (port) => [
  "--port",
  String(port),
  "--inspector-port",
  String(port + 1000),
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  "--log-level",
  "warn",
];

// The API Worker first (it gets the port), then the Workers it binds to: the document reader, the share page's
// renderer and the Telegram bot (which answers 404 until TELEGRAM_BOT_TOKEN is set; docs/telegram.md).
const appConfigs = [
  "-c",
  "wrangler.toml",
  "-c",
  "worker/extractor/wrangler.toml",
  "-c",
  "worker/share-screen/wrangler.toml",
  "-c",
  "worker/telegram/wrangler.toml",
];

const varFlagsOf = (vars) => Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);

/** `vars` override wrangler.toml vars for this run (`--var KEY:VALUE`). */
export function startWorker({ port, persistTo, stdio = "inherit", vars = {}, inspector = true, inspectorPort }) {
  if (!inspector) return startQuietWorker("wrangler.toml", port, { persistTo, vars, stdio, inspectorPort });
  return spawn(wranglerBin, ["dev", ...appConfigs, ...devFlags(port), "--persist-to", persistTo, ...varFlagsOf(vars)], {
    cwd: root,
    env: quietEnv,
    stdio,
  });
}

/** Another Worker by its own config (the benchmarks' baselines); `persistTo` for one with storage. */
export function startWranglerConfig(configPath, port, { persistTo, vars = {}, inspector = true } = {}) {
  if (!inspector) return startQuietWorker(configPath, port, { persistTo, vars });
  const extra = [...(persistTo ? ["--persist-to", persistTo] : []), ...varFlagsOf(vars)];
  return spawn(wranglerBin, ["dev", "-c", configPath, ...devFlags(port), ...extra], {
    cwd: root,
    env: quietEnv,
    stdio: "ignore",
  });
}

/**
 * One Worker without the DevTools inspector (scripts/lib/quiet-worker.mjs), for the benchmarks that
 * set the app beside a bare Worker: what a log line costs under DevTools is not the app's cost.
 */
function startQuietWorker(configPath, port, { persistTo, vars = {}, stdio = "ignore", inspectorPort }) {
  const extra = [
    ...(persistTo ? ["--persist-to", persistTo] : []),
    ...varFlagsOf(vars),
    ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
  ];
  return spawn(
    process.execPath,
    [path.join(root, "scripts/lib/quiet-worker.mjs"), configPath, "--port", String(port), ...extra],
    {
      cwd: root,
      // Nor wrangler's local explorer's collector: a Worker in the same workerd, on the same thread, that runs on
      // every event of every invocation (each log line, KV read and D1 call), which Cloudflare does not run there.
      env: { ...quietEnv, X_LOCAL_OBSERVABILITY: "false" },
      stdio,
    },
  );
}

export function stopWorker(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

export async function waitForHealth(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v2/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Worker не ответил на порту ${port} за ${timeoutMs / 1000} с`);
}

/**
 * The address of the Worker's own workerd socket under `wrangler dev` (the child `startWorker`
 * answered), found among the ports its workerd processes listen on: the one whose health route
 * answers. wrangler dev puts a proxy Worker, in another workerd, in front of it; Cloudflare does not.
 */
export async function workerSocket(child) {
  const processes = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/));
  const family = new Set([String(child.pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of processes) if (family.has(ppid) && !family.has(pid)) grew = Boolean(family.add(pid));
  }
  const workerds = processes.filter(([pid, , comm]) => family.has(pid) && comm === "workerd").map(([pid]) => pid);
  const listening = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  for (const pid of workerds) {
    for (const [, port] of listening.matchAll(new RegExp(`127\\.0\\.0\\.1:(\\d+)\\s.*pid=${pid},`, "g"))) {
      if (String(port) === String(child.spawnargs[child.spawnargs.indexOf("--port") + 1])) continue;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v2/health`);
        if (res.ok && (await res.json()).status) return `http://127.0.0.1:${port}`;
      } catch {}
    }
  }
  throw new Error("не найден сокет самого Worker под wrangler dev");
}
