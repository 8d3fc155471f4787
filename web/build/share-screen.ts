import path from "node:path";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { iconPerModule } from "./icon-per-module.ts";

const WEB = path.resolve(import.meta.dirname, "..");

/** Where the share page's renderer is built: the share-screen Worker (worker/share-screen) bundles it from here. */
export const SHARE_SCREEN_OUT = path.resolve(WEB, "../dist/share-screen");

/**
 * The share page's first screen renderer (web/src/app/prerender/share-screen.tsx) as one ES module
 * for workerd: the app's own components and everything they import, with React's server renderer.
 */
export async function buildShareScreen(): Promise<void> {
  await build({
    configFile: false,
    root: WEB,
    logLevel: "warn",
    plugins: [react(), iconPerModule()],
    // workerd's own conditions, not the browser's: some packages' browser builds use the DOM (an entity decoder creates
    // elements).
    ssr: { noExternal: true, target: "webworker", resolve: { conditions: ["workerd", "worker", "module", "import", "default"] } },
    build: {
      ssr: "src/app/prerender/share-screen.tsx",
      outDir: SHARE_SCREEN_OUT,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      rollupOptions: { output: { entryFileNames: "render.js" } },
    },
  });
}

/** After the SPA's build, the share page's renderer for the Worker (`buildShareScreen`). */
export function shareScreen(): Plugin {
  return { name: "yasno:share-screen", apply: "build", closeBundle: buildShareScreen };
}
