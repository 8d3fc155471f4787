// Lighthouse: the performance score of the login page and of a share page, as a phone on a slow
// network sees them (Lighthouse's mobile defaults: a Moto G Power's screen, simulated slow 4G and a
// 4× slower CPU), against the production build served by the local Worker. The median of a few
// runs per page, since one run moves by up to ten points with the machine's load.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWeb, ensureDevVars, migrate, root, startWorker, stopWorker, waitForHealth } from "../lib/local.mjs";

const PORT = 8795;
const RUNS = 5;
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const lighthouseBin = path.join(root, "node_modules/.bin/lighthouse");

async function api(base, method, url, { token, body } = {}) {
  const headers = { "content-type": "application/json", ...(token ? { "jwt-token": token } : {}) };
  const res = await fetch(`${base}/api/v2${url}`, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A user, a topic with the demo model's reply, and its share link: the page a visitor opens. */
async function sharedTopicPath(base) {
  const { access_token: token } = await (
    await api(base, "POST", "/users/", {
      body: { email: "lighthouse@bench.local", password: "bench-password-1", consent: true },
    })
  ).json();
  const stream = await api(base, "POST", "/topics/start/stream/", {
    token,
    body: { message: { text: "Как вернуть залог за съёмную квартиру?", attachments: [] }, assistant_type: "gpt" },
  });
  const topicId = /topic_id:\s*(\d+)/.exec(await stream.text())?.[1];
  if (!topicId) throw new Error("ответ без topic_id");
  const { hash } = await (await api(base, "POST", `/topics/${topicId}/share`, { token, body: {} })).json();
  return `/share/${hash}`;
}

/**
 * TBT as the page's own work gives it: Lighthouse multiplies each main-thread task's wall time by 4,
 * and on a 2-core machine a task spends most of its wall time waiting for a core (Chrome's
 * compositor and screenshots, Lighthouse, the Worker run beside it). This sums the same over the
 * tasks' CPU time (the trace's `tdur`), from the observed first paint on.
 */
function blockingByCpuTime(tracePath) {
  const events = JSON.parse(readFileSync(tracePath, "utf8")).traceEvents;
  const paint = events.find((e) => e.name === "firstContentfulPaint");
  if (!paint) return null;
  const navigation = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.pid === paint.pid &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL,
  );
  return events
    .filter(
      (e) =>
        e.name === "RunTask" && e.ph === "X" && e.pid === paint.pid && e.tid === navigation?.tid && e.ts >= paint.ts,
    )
    .reduce((sum, e) => sum + Math.max(0, (4 * (e.tdur ?? e.dur)) / 1000 - 50), 0);
}

function lighthouse(url) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yasno-lighthouse-"));
  try {
    execFileSync(
      lighthouseBin,
      [
        url,
        "--only-categories=performance",
        "--form-factor=mobile",
        "--chrome-flags=--headless --no-sandbox --disable-gpu",
        "--output=json",
        `--output-path=${path.join(dir, "run.json")}`,
        "--save-assets",
        "--quiet",
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: "ignore" },
    );
    const { categories, audits } = JSON.parse(readFileSync(path.join(dir, "run.json"), "utf8"));
    const value = (id) => audits[id].numericValue;
    return {
      score: Math.round(categories.performance.score * 100),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      tbtCpu: blockingByCpuTime(path.join(dir, "run-0.trace.json")),
      cls: value("cumulative-layout-shift"),
      si: value("speed-index"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run with the median score, so its figures belong together. */
function medianRun(url) {
  const runs = Array.from({ length: RUNS }, () => lighthouse(url)).sort((a, b) => a.score - b.score);
  return { ...runs[Math.floor(RUNS / 2)], scores: runs.map((r) => r.score) };
}

const seconds = (ms) => (ms / 1000).toFixed(1);

export async function benchLighthouse() {
  // The machine's load decides much of TBT (see blockingByCpuTime): said with the figures.
  const load = os.loadavg().map((n) => n.toFixed(2));
  buildWeb();
  ensureDevVars();
  const persistTo = path.join(root, ".wrangler/bench-lighthouse");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  const worker = startWorker({ port: PORT, persistTo, stdio: "ignore" });
  try {
    await waitForHealth(PORT);
    const base = `http://127.0.0.1:${PORT}`;
    const pages = [
      ["`/login`", "/login"],
      ["a share page (`/share/:hash`, one question and the demo model's reply)", await sharedTopicPath(base)],
    ];
    const rows = pages.map(([name, pagePath]) => {
      const r = medianRun(base + pagePath);
      const cpu = r.tbtCpu === null ? "–" : r.tbtCpu.toFixed(0);
      return (
        `| ${name} | **${r.score.toFixed(0)}** (${r.scores.join(", ")}) | ${seconds(r.fcp)} | ` +
        `${seconds(r.lcp)} | ${r.tbt.toFixed(0)} | ${cpu} | ${r.cls.toFixed(3)} | ${seconds(r.si)} |`
      );
    });
    const version = execFileSync(lighthouseBin, ["--version"], { encoding: "utf8" }).trim();
    return [
      `Lighthouse ${version}, performance only, mobile (simulated slow 4G, 4× CPU slowdown), headless Chromium,`,
      `against \`npm run build:web\` served by the local Worker; ${RUNS} runs per page, the median run shown`,
      '(every run\'s score in brackets). The goal is 95 or more on both (docs/scale.md "Smaller to load").',
      `Load average when the run began (1, 5, 15 min): ${load.join(", ")} on ${os.cpus().length} cores.`,
      "",
      "| page | score | FCP s | LCP s | TBT ms | TBT by CPU time ms | CLS | Speed Index s |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
      "TBT by CPU time: the same sum over the main thread's tasks after the first paint, from the CPU",
      "time each took rather than its wall time (scripts/bench/lighthouse.mjs, `blockingByCpuTime`): what",
      "TBT is where the page's main thread has a core to itself, as on a phone. Here it shares two with",
      "Chrome's software compositor and Lighthouse's screenshots (both busiest while the page changes),",
      "Lighthouse itself, the Worker and whatever else runs, and a task's wall time is mostly waiting.",
    ].join("\n");
  } finally {
    await stopWorker(worker);
  }
}
