// Lighthouse: the performance score of the login page and of a share page, as a phone on a slow
// network sees them (Lighthouse's mobile defaults: a Moto G Power's screen, simulated slow 4G and a
// 4× slower CPU), against the production build served by the local Worker. The median of a few
// runs per page, since one run moves by a few points.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { buildWeb, ensureDevVars, migrate, root, startWorker, stopWorker, waitForHealth } from "../lib/local.mjs";

const PORT = 8795;
const RUNS = 3;
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
    await api(base, "POST", "/users/", { body: { email: "lighthouse@bench.local", password: "bench-password-1", consent: true } })
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

function lighthouse(url) {
  const out = execFileSync(
    lighthouseBin,
    [
      url,
      "--only-categories=performance",
      "--form-factor=mobile",
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: "utf8", maxBuffer: 64 * 2 ** 20 },
  );
  const { categories, audits } = JSON.parse(out);
  const value = (id) => audits[id].numericValue;
  return {
    score: Math.round(categories.performance.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
  };
}

/** The run with the median score, so its figures belong together. */
function medianRun(url) {
  const runs = Array.from({ length: RUNS }, () => lighthouse(url)).sort((a, b) => a.score - b.score);
  return { ...runs[Math.floor(RUNS / 2)], scores: runs.map((r) => r.score) };
}

const seconds = (ms) => (ms / 1000).toFixed(1);

export async function benchLighthouse() {
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
      return `| ${name} | **${r.score.toFixed(0)}** (${r.scores.join(", ")}) | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${seconds(r.si)} |`;
    });
    const version = execFileSync(lighthouseBin, ["--version"], { encoding: "utf8" }).trim();
    return [
      `Lighthouse ${version}, performance only, mobile (simulated slow 4G, 4× CPU slowdown), headless Chromium,`,
      `against \`npm run build:web\` served by the local Worker; ${RUNS} runs per page, the median run shown`,
      '(every run\'s score in brackets). The goal is 95 or more on both (docs/scale.md "Smaller to load").',
      "",
      "| page | score | FCP s | LCP s | TBT ms | CLS | Speed Index s |",
      "|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n");
  } finally {
    await stopWorker(worker);
  }
}
