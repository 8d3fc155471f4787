import type { IndexHtmlTransformContext, Plugin } from "vite";

/** The module main.tsx imports to start the app (web/src/app/start.tsx), as Vite's manifest names it. */
export const START_MODULE = "src/app/start.tsx";

type Bundle = NonNullable<IndexHtmlTransformContext["bundle"]>;
type Chunk = Extract<Bundle[string], { type: "chunk" }>;

/** A chunk and its static imports, transitively. */
function closure(bundle: Bundle, first: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === "chunk") visit(imported);
    }
  };
  visit(first);
  return [...seen.values()];
}

const findStart = (bundle: Bundle) =>
  Object.values(bundle).find((c): c is Chunk => c.type === "chunk" && !!c.facadeModuleId?.endsWith(START_MODULE));

/**
 * What Vite's import helper preloads before a dynamic import (its `<link rel="modulepreload">`s),
 * less the start's code: every other dynamic import comes after the start has run, so those
 * modules are loaded already, and the start itself (main.tsx's import) is fetched by the import,
 * its static imports found by the browser as it parses it. A page with a prerendered first screen
 * runs that import just after its first paint, and appending two dozen links there took the main
 * thread ~20 ms on a phone's CPU (docs/scale.md "Smaller to load"); the stylesheets stay.
 */
export function preloadsAfterStart() {
  const started = new Set<string>();
  const plugin: Plugin = {
    name: "yasno:preloads-after-start",
    apply: "build",
    generateBundle: {
      // Before Vite's import analysis, which asks `resolveDependencies` in its own generateBundle.
      order: "pre",
      handler(_options, bundle) {
        const start = findStart(bundle);
        if (!start) this.error(`В сборке нет ${START_MODULE}`);
        started.clear();
        for (const chunk of closure(bundle, start)) if (!chunk.isEntry) started.add(chunk.fileName);
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[]) =>
    deps.filter((dep) => dep.endsWith(".css") || !started.has(dep));
  return { plugin, resolveDependencies };
}

/**
 * `index.html` links the app's start (web/src/app/start.tsx: its code, its static imports and its
 * styles), which main.tsx imports only after a prerendered first screen has painted: a page without
 * one (every page but /login and a share page) loads them at once, with the entry, as when the
 * entry carried them. The prerendered pages drop these links (web/build/prerender-pages.ts).
 */
export function startLinks(): Plugin {
  return {
    name: "yasno:start-links",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const start = bundle && findStart(bundle);
        if (!bundle || !start) throw new Error(`В сборке нет ${START_MODULE}`);
        // The entry imports start, and start imports what the entry has (Vite's preload helper): the entry is linked
        // already.
        const chunks = closure(bundle, start).filter((c) => !c.isEntry);
        const styles = [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];
        return [
          ...chunks.map((c) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${c.fileName}` }, injectTo: "head" as const })),
          ...styles.map((css) => ({ tag: "link", attrs: { rel: "stylesheet", crossorigin: true, href: `/${css}` }, injectTo: "head" as const })),
        ];
      },
    },
  };
}
