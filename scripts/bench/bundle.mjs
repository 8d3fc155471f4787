// Bundle: the Worker bundle as `wrangler deploy` uploads it, and the JavaScript a browser must load
// before the login page and the chat page show (entry chunk and the app's start + the lazy chunks of the route, with
// their static imports), read from Vite's manifest. Builds into a temporary folder, so a running
// browser test's web/dist is never swapped under it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib/local.mjs";
import { BEFORE_EXTRACTOR, buildAtCommit, buildBundle, measureColdStarts } from "./cold-start.mjs";

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (n) => n.toFixed(0);
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** The route modules each page loads lazily, by their source path under web/. */
const ROUTES = {
  "login (`/login`)": ["src/app/layouts/AuthLayout", "src/features/auth/pages/LoginPage"],
  "chat (`/chat`)": ["src/app/layouts/MainLayout", "src/features/chat/ChatPage"],
};

/** Every JS file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function keyOf(manifest, source) {
  const key = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, "") === source);
  if (!key) throw new Error(`В манифесте Vite нет модуля ${source}`);
  return key;
}

export async function benchBundle() {
  const out = mkdtempSync(path.join(os.tmpdir(), "yasno-bundle-"));
  try {
    const webOut = path.join(out, "web");
    const workerOut = path.join(out, "worker");
    execFileSync(
      path.join(root, "node_modules/.bin/vite"),
      ["build", "-c", "web/vite.config.ts", "--outDir", webOut, "--logLevel", "warn"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    const bundles = {
      api: buildBundle(root, "wrangler.toml", workerOut),
      extractor: buildBundle(root, "worker/extractor/wrangler.toml", path.join(out, "extractor")),
      // Its renderer was built with the SPA above (web/build/share-screen.ts).
      shareScreen: buildBundle(root, "worker/share-screen/wrangler.toml", path.join(out, "share-screen")),
      before: buildAtCommit(BEFORE_EXTRACTOR, path.join(out, "before")),
    };
    const size = (file) => ({ raw: statSync(file).size, gzip: gzipSize(file) });
    // The extractor's bundle is index.js and the search dictionary's Data modules wrangler writes beside it.
    const extractorFiles = filesUnder(path.dirname(bundles.extractor)).filter((file) =>
      /(\.js|\.dawg|\.array)$/.test(file),
    );
    const extractor = extractorFiles.map(size).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }));
    const sizes = {
      api: size(bundles.api),
      extractor,
      shareScreen: size(bundles.shareScreen),
      before: size(bundles.before),
    };
    const cold = await measureColdStarts(bundles);
    const workerRow = (name, s, c) =>
      `| ${name} | ${kib(s.raw)} | **${kib(s.gzip)}** (${kb(s.gzip)}) | ${ms(c.p50)} | ${ms(c.p99)} |`;

    const manifest = JSON.parse(readFileSync(path.join(webOut, ".vite/manifest.json"), "utf8"));
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    // The entry is the start-up alone; what it imports at once (or after a prerendered first screen has painted) is the
    // app's start.
    const start = closure(manifest, keyOf(manifest, "src/app/start"), closure(manifest, entry));
    const rows = Object.entries(ROUTES).map(([page, sources]) => {
      const chunks = new Set(start);
      for (const source of sources) closure(manifest, keyOf(manifest, source), chunks);
      const files = [...chunks].map((k) => path.join(webOut, manifest[k].file)).filter((f) => f.endsWith(".js"));
      const entryFiles = [...start].map((k) => manifest[k].file);
      const entryGzip = entryFiles
        .filter((f) => f.endsWith(".js"))
        .reduce((sum, f) => sum + gzipSize(path.join(webOut, f)), 0);
      const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
      return `| ${page} | ${files.length} | ${kib(entryGzip)} | ${kib(total - entryGzip)} | **${kib(total)}** |`;
    });

    return [
      "Sizes of `npm run build` output; gzip at level 9 (what the edge sends is brotli or gzip, usually a little " +
        "smaller).",
      "",
      "Workers (`wrangler deploy --dry-run --env production`), and their cold start: a new workerd (Miniflare)",
      "loading the bundle until its first answer (`/api/v2/health`, the extractor's and the share-screen's `/`), " +
        "12 times each:",
      "",
      "| Worker bundle | raw | gzip | cold start p50 ms | p99 ms |",
      "|---|---|---|---|---|",
      workerRow("API Worker (`worker/index.ts`)", sizes.api, cold.api),
      workerRow(`API Worker before the extractor moved out (commit ${BEFORE_EXTRACTOR})`, sizes.before, cold.before),
      workerRow(
        "extractor Worker (`worker/extractor`: PDF.js, mammoth, word-extractor, and search's dictionary of word forms)",
        sizes.extractor,
        cold.extractor,
      ),
      workerRow(
        "share-screen Worker (`worker/share-screen`: React and the app's components, a share page's first screen)",
        sizes.shareScreen,
        cold.shareScreen,
      ),
      "",
      "Cloudflare's limit on a Worker is 3 MiB gzip on the free plan and 10 MiB on the paid one; the goal",
      'here is the API Worker at or under 600 KB gzip (docs/scale.md "Smaller to load"). Most of a cold',
      "start measured this way is workerd's own start; the difference between the rows is the bundle's.",
      "",
      "The SPA's initial JavaScript per page: the entry chunk and the app's start (`web/src/app/start.tsx`, which the",
      "entry imports) with their static imports, plus the page's lazy",
      "layout and page chunks with theirs (from `web/dist/.vite/manifest.json`):",
      "",
      "| page | JS files | entry (gzip) | route chunks (gzip) | total (gzip) |",
      "|---|---|---|---|---|",
      ...rows,
    ].join("\n");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
