import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { iconPerModule } from "./build/icon-per-module.ts";
import { notFoundPages } from "./build/not-found-pages.ts";
import { prerenderPages } from "./build/prerender-pages.ts";
import { radixWithoutUnused } from "./build/radix-css.ts";
import { shareScreen } from "./build/share-screen.ts";
import { preloadsAfterStart, startLinks } from "./build/start-links.ts";
import { themeWithoutTooltipProvider } from "./build/theme-without-tooltip-provider.ts";

const preloads = preloadsAfterStart();

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), radixWithoutUnused(), iconPerModule(), themeWithoutTooltipProvider(), startLinks(), preloads.plugin, notFoundPages(), prerenderPages(), shareScreen()],
  // The manifest tells the bundle benchmark which chunks each route loads (scripts/bench/bundle.mjs).
  build: { outDir: "dist", emptyOutDir: true, manifest: true, modulePreload: { resolveDependencies: preloads.resolveDependencies } },
  server: {
    // `vite` alone (npm run dev:web) talks to the Worker of `npm start`.
    proxy: { "/api": "http://localhost:8787", "/internal": "http://localhost:8787" },
  },
  test: {
    root: import.meta.dirname + "/..",
    include: ["test/web/**/*.test.{ts,tsx}"],
    setupFiles: ["test/web/setup.ts"],
    environment: "jsdom",
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds per test.
    testTimeout: 20_000,
  },
});
