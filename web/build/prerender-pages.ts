import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { JSDOM } from "jsdom";
import { createServer, type Plugin } from "vite";
import { PRERENDERED_ID } from "../src/app/prerender/DropPrerendered.tsx";
import { PRERENDERED_PAGES } from "../src/app/prerender/prerendered-pages.ts";

const ROOT = '<div id="root"></div>';
const HEAD_END = "</head>";

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The styles and scripts of a page's lazy modules with their static imports, so the browser fetches them with the entry; not those `index.html` names already. */
function pageLinks(manifest: Manifest, modules: readonly string[], template: string): string {
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    if (!manifest[key]) throw new Error(`В манифесте Vite нет модуля ${key}`);
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  const links = [...chunks].flatMap((key) => [
    ...(manifest[key].css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`,
  ]);
  return [...new Set(links)].filter((link) => !template.includes(link.match(/href="([^"]+)"/)![1])).join("");
}

/**
 * The first screen is a picture of the page until the app's own takes its place: `inert` (no
 * focus, no clicks) and fields that cannot be typed in, so nothing typed is lost in the swap and
 * the form is never sent by the browser itself.
 */
const readOnly = (html: string) => html.replaceAll("<input ", "<input readonly ");

/** Some modules read the browser's storage or window as they load; the render gets an empty one. */
function withBrowserGlobals() {
  const { window } = new JSDOM("", { url: "http://localhost/" });
  for (const key of ["window", "document", "localStorage", "navigator", "location"] as const) {
    Object.defineProperty(globalThis, key, { value: key === "window" ? window : window[key], configurable: true, writable: true });
  }
}

/**
 * After the build: the login page and the share page get their first screen in the HTML itself
 * (`<div id="prerendered">` before the app's root), rendered by React from the app's own
 * components (web/src/app/prerender/prerender.tsx), so the browser paints it before any
 * JavaScript has loaded; the app takes its place once its page has rendered (DropPrerendered).
 * The host serves the files by `_redirects` (web/build/not-found-pages.ts).
 */
export function prerenderPages(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "yasno:prerender-pages",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      withBrowserGlobals();
      const server = await createServer({
        configFile: false,
        root,
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: "custom",
        logLevel: "error",
      });
      try {
        const { prerender } = await server.ssrLoadModule("/src/app/prerender/prerender.tsx");
        const template = readFileSync(path.join(outDir, "index.html"), "utf8");
        if (!template.includes(ROOT)) this.error(`index.html has no ${ROOT}`);
        const manifest: Manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
        for (const page of PRERENDERED_PAGES) {
          const html = template
            .replace(HEAD_END, `${pageLinks(manifest, page.modules, template)}${HEAD_END}`)
            .replace(ROOT, `<div id="${PRERENDERED_ID}" inert>${readOnly(prerender(page.path))}</div>${ROOT}`);
          const file = path.join(outDir, page.file);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
