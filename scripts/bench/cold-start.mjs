// Cold start: a fresh workerd (through Miniflare) loading a Worker bundle and answering its first
// request, for the API Worker as built now, the same Worker before document extraction moved out
// (BEFORE_EXTRACTOR), and the extractor Worker itself. The bundle's parse and start-up is what differs.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { root } from "../lib/local.mjs";
import { percentile } from "./http.mjs";

/** The last commit whose API Worker read PDF, DOCX and DOC itself. */
export const BEFORE_EXTRACTOR = "5e1394b";
const SAMPLES = 12;

const wranglerBin = path.join(root, "node_modules/.bin/wrangler");

/** `wrangler deploy --dry-run` of `config` (relative to `cwd`) into `outdir`; answers the bundle's path. */
export function buildBundle(cwd, config, outdir, env = "production") {
  execFileSync(wranglerBin, ["deploy", "--dry-run", `--env=${env}`, "--outdir", outdir, "-c", config], {
    cwd,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return path.join(outdir, "index.js");
}

/**
 * The API Worker of an earlier commit, built from a temporary worktree: with our node_modules when
 * its lockfile is ours, else with its own dependencies installed (from npm's cache after the first time).
 */
export function buildAtCommit(commit, outdir) {
  const tree = mkdtempSync(path.join(os.tmpdir(), "yasno-at-"));
  rmSync(tree, { recursive: true, force: true });
  execFileSync("git", ["worktree", "add", "--detach", tree, commit], { cwd: root, stdio: "ignore" });
  try {
    const lockfile = (dir) => readFileSync(path.join(dir, "package-lock.json"), "utf8");
    if (lockfile(tree) === lockfile(root))
      symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
    else
      execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], {
        cwd: tree,
        stdio: "ignore",
      });
    // wrangler.toml names the SPA's folder as assets; the Worker's bundle does not need it built.
    mkdirSync(path.join(tree, "web/dist"), { recursive: true });
    return buildBundle(tree, "wrangler.toml", outdir);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", tree], { cwd: root, stdio: "ignore" });
  }
}

const apiBindings = {
  d1Databases: ["DB"],
  kvNamespaces: ["KV"],
  r2Buckets: ["FILES"],
  durableObjects: { TOPIC_OBJECT: "TopicObject" },
};

/**
 * The bundle's modules when wrangler wrote Data modules beside it (the extractor's dictionary), else its entry alone.
 */
function modulesOf(scriptPath) {
  const dir = path.dirname(scriptPath);
  const data = readdirSync(dir).filter((file) => /\.(dawg|array)$/.test(file));
  if (data.length === 0) return { scriptPath };
  return {
    modules: [
      { type: "ESModule", path: scriptPath },
      ...data.map((file) => ({ type: "Data", path: path.join(dir, file) })),
    ],
  };
}

/** Milliseconds from a new Miniflare to the first answer of `url`, `SAMPLES` times. */
async function coldStarts(scriptPath, url, bindings = {}) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        modules: true,
        ...modulesOf(scriptPath),
        // Module names are relative to this root; the bundle lives in a temporary folder.
        modulesRoot: path.dirname(scriptPath),
        compatibilityDate: "2026-10-20",
        compatibilityFlags: ["nodejs_compat"],
        ...bindings,
      }),
    );
    try {
      const res = await mf.dispatchFetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - started);
    } finally {
      await mf.dispose();
    }
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function measureColdStarts(bundles) {
  const health = "http://localhost/api/v2/health";
  return {
    before: await coldStarts(bundles.before, health, apiBindings),
    api: await coldStarts(bundles.api, health, apiBindings),
    extractor: await coldStarts(bundles.extractor, "http://localhost/"),
    ...(bundles.shareScreen && { shareScreen: await coldStarts(bundles.shareScreen, "http://localhost/") }),
  };
}
