import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { PAGE_PATHS } from "../../web/src/app/page-paths";

// The host rewrites exactly the app's pages to index.html (everything else is 404): the list the
// build writes `_redirects` from must be the router's.
it("lists every path of the router, and nothing else", () => {
  const router = readFileSync(path.join(import.meta.dirname, "../../web/src/app/router.tsx"), "utf8");
  const routed = [...router.matchAll(/page\("([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== "*");
  expect([...PAGE_PATHS].sort()).toEqual([...new Set(routed)].sort());
});
