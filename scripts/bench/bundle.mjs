// Bundle: the Worker bundle as `wrangler deploy` uploads it, and the JavaScript a browser must load
// before the login page and the chat page show (entry chunk + the lazy chunks of the route, with
// their static imports), read from Vite's manifest. Builds into a temporary folder, so a running
// browser test's web/dist is never swapped under it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root, wrangler } from "../lib/local.mjs";

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
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
    execFileSync(path.join(root, "node_modules/.bin/vite"), ["build", "-c", "web/vite.config.ts", "--outDir", webOut, "--logLevel", "warn"], {
      cwd: root,
      stdio: "inherit",
    });
    wrangler(["deploy", "--dry-run", "--outdir", workerOut, "--env", "production"]);

    const workerFiles = filesUnder(workerOut).filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"));
    const raw = workerFiles.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzip = workerFiles.reduce((sum, f) => sum + gzipSize(f), 0);

    const manifest = JSON.parse(readFileSync(path.join(webOut, ".vite/manifest.json"), "utf8"));
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const rows = Object.entries(ROUTES).map(([page, sources]) => {
      const chunks = new Set(closure(manifest, entry));
      for (const source of sources) closure(manifest, keyOf(manifest, source), chunks);
      const files = [...chunks].map((k) => path.join(webOut, manifest[k].file)).filter((f) => f.endsWith(".js"));
      const entryFiles = [...closure(manifest, entry)].map((k) => manifest[k].file);
      const entryGzip = entryFiles.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gzipSize(path.join(webOut, f)), 0);
      const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
      return `| ${page} | ${files.length} | ${kib(entryGzip)} | ${kib(total - entryGzip)} | **${kib(total)}** |`;
    });

    return [
      "Sizes of `npm run build` output; gzip at level 9 (what the edge sends is brotli or gzip, usually a little smaller).",
      "",
      "| Worker bundle (`wrangler deploy --dry-run --env production`) | raw | gzip |",
      "|---|---|---|",
      `| ${workerFiles.map((f) => path.relative(workerOut, f)).join(", ")} | ${kib(raw)} | **${kib(gzip)}** |`,
      "",
      "Cloudflare's limit on a Worker is 3 MiB gzip on the free plan and 10 MiB on the paid one.",
      "",
      "The SPA's initial JavaScript per page: the entry chunk with its static imports, plus the page's lazy",
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
