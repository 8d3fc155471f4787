import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { PAGE_PATHS } from "../src/app/page-paths.ts";
import { PRERENDERED_PAGES } from "../src/app/prerender/prerendered-pages.ts";

/**
 * After the build: `_redirects` rewrites each page's path to `/`, the app (status 200: served in
 * place; `/index.html` would not do, the asset server redirects it to `/`), and
 * `404.html` (the same app, which shows its not-found page) answers every other path with HTTP
 * 404. Cloudflare Pages and Workers static assets (`not_found_handling = "404-page"`) both read them.
 * A prerendered page is rewritten to its own file instead (web/build/prerender-pages.ts), or to
 * none where the host serves that file at the page's path already (`/login` is `login.html`).
 */
export function notFoundPages(): Plugin {
  let outDir = "";
  return {
    name: "yasno-not-found-pages",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const servedAt = new Map<string, string>(PRERENDERED_PAGES.map((page) => [page.path, page.servedAt]));
      const rules = PAGE_PATHS.filter((p) => p !== "/" && servedAt.get(p) !== p).map((p) => `${p} ${servedAt.get(p) ?? "/"} 200`);
      writeFileSync(path.join(outDir, "_redirects"), `# Made by web/build/not-found-pages.ts from ` +
        `web/src/app/page-paths.ts.\n${rules.join("\n")}\n`);
      copyFileSync(path.join(outDir, "index.html"), path.join(outDir, "404.html"));
    },
  };
}
