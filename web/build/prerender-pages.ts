import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import Beasties from "beasties";
import { JSDOM } from "jsdom";
import { createServer, type Plugin } from "vite";
import { PRERENDERED_ID } from "../../worker/conversations/share-screen-data.ts";
import { APP_STYLES_ATTRIBUTE, PRERENDERED_PAGES } from "../src/app/prerender/prerendered-pages.ts";
import { START_MODULE } from "./start-links.ts";

const ROOT = '<div id="root"></div>';
const PRERENDERED = `<div id="${PRERENDERED_ID}" inert>`;

/**
 * The screen shows whole or not at all: hidden until the app's root after it has been parsed. A
 * browser paints a document as it arrives, and a screen cut short by a network packet or a pause
 * of the parser would grow under the reader's eyes (a layout shift) when the rest came.
 */
const WHOLE_SCREEN = `@supports selector(:has(*)){#${PRERENDERED_ID}:not(:has(~#root)){visibility:hidden}}`;

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The stylesheets of some modules and of their static imports, in the order the app loads them. */
function stylesOf(manifest: Manifest, modules: readonly string[]): string[] {
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    if (!manifest[key]) throw new Error(`В манифесте Vite нет модуля ${key}`);
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...new Set([...chunks].flatMap((key) => manifest[key].css ?? []))];
}

/**
 * The styles a page's first screen needs, inlined in it: every @font-face of the app's styles (the
 * theme names its fonts through a variable beasties cannot follow, and without them the screen
 * would use another font than the app where those fonts are installed), the rules of the app's
 * styles (`appStyles`: Radix Themes, app-wide CSS) that `html` uses, as beasties finds them by
 * matching each selector against the document (states like :hover included), and the page's own
 * small stylesheets (`pageStyles`) whole. A rule the inlined copy lacked would change the screen
 * once the full styles load, so whatever beasties cannot judge is kept: a selector that begins
 * with a pseudo-class (Radix's `:where(.rt-Heading)`, `:is(.dark, …)`) is nothing once beasties
 * strips pseudo-classes to match it, and a selector it cannot parse fails the build.
 */
async function criticalCss(html: string, outDir: string, appStyles: string[], pageStyles: string[]): Promise<string> {
  const problems: string[] = [];
  const beasties = new Beasties({
    path: outDir,
    publicPath: "/",
    external: false,
    additionalStylesheets: appStyles.map((file) => `/${file}`),
    allowRules: [/^:/],
    fonts: false,
    logger: { warn: (message) => problems.push(message), error: (message) => problems.push(message) },
  });
  const inlined = /<style>([\s\S]*)<\/style>/.exec(await beasties.process(html))?.[1];
  if (problems.length > 0) throw new Error(`beasties: ${problems.join("\n")}`);
  if (!inlined) throw new Error("beasties не нашёл нужных странице стилей");
  const read = (file: string) => readFileSync(path.join(outDir, file), "utf8");
  const fontFaces = appStyles.flatMap((file) => read(file).match(/@font-face\{[^}]*\}/g) ?? []);
  return WHOLE_SCREEN + fontFaces.join("") + inlined + pageStyles.map(read).join("");
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
 * components (web/src/app/prerender/prerender.tsx), with the rules of the app's styles it uses
 * inlined in it (critical CSS, by beasties), so the browser paints it from the HTML alone: no
 * stylesheet or script blocks it. The file links none of the app's styles and chunks: the entry
 * (main.tsx) starts the app once the screen has painted, and the app's imports bring its styles
 * (and wait for them) before its page takes the screen's place (DropPrerendered), which takes the
 * inlined rules with it. The host serves the files by `_redirects` (web/build/not-found-pages.ts).
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
        const { renderShareScreen } = await server.ssrLoadModule("/src/app/prerender/share-screen.tsx");
        const { SHARE_SCREEN_SAMPLES } = await server.ssrLoadModule("/src/app/prerender/share-screen-samples.ts");
        // index.html links the app's start for the other pages (web/build/start-links.ts); these pages load it later.
        const template = readFileSync(path.join(outDir, "index.html"), "utf8").replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, "");
        if (!template.includes(ROOT)) this.error(`index.html has no ${ROOT}`);
        const manifest: Manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
        const appStyles = stylesOf(manifest, [START_MODULE]);
        for (const page of PRERENDERED_PAGES) {
          const html = template.replace(ROOT, `${PRERENDERED}${readOnly(prerender(page.path))}</div>${ROOT}`);
          // A screen the Worker fills: its styles are found on the samples too (every part a conversation can have).
          const samples = page.filled ? await Promise.all(SHARE_SCREEN_SAMPLES.map(async (sample: unknown) => (await renderShareScreen(sample)).html)) : [];
          const pageStyles = stylesOf(manifest, page.modules).filter((file) => !appStyles.includes(file));
          const css = await criticalCss(html.replace(ROOT, `${samples.join("")}${ROOT}`), outDir, appStyles, pageStyles);
          const file = path.join(outDir, page.file);
          mkdirSync(path.dirname(file), { recursive: true });
          // The app's stylesheet is named on the screen for main.tsx to load aside (app/prerender/app-styles.ts).
          const named = PRERENDERED.replace(">", ` ${APP_STYLES_ATTRIBUTE}="${appStyles.map((file) => `/${file}`).join(" ")}">`);
          writeFileSync(file, html.replace(PRERENDERED, `${named}<style>${css}</style>`));
        }
      } finally {
        await server.close();
      }
    },
  };
}
