// The Worker's platform folders import no feature (docs/architecture.md "Layout: the Worker by feature"):
// features build on db, http, middleware and ai, never the other way round. madge resolves the imports
// as `npm run lint:cycles` does, type imports included.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import madge from "madge";

const root = path.resolve(import.meta.dirname, "../..");
const platform = /^worker\/(?:(?:db|http|middleware|ai)\/.*|env\.ts|settings\.ts)$/;

test("worker/db, http, middleware and ai import only each other, env.ts and settings.ts", async () => {
  const graph = await madge("worker", {
    baseDir: root,
    fileExtensions: ["ts", "tsx"],
    tsConfig: path.join(root, "tsconfig.worker.json"),
  });
  const imports = Object.entries(graph.obj()).filter(([file]) => platform.test(file));
  assert.ok(imports.length > 20, `only ${imports.length} platform files found: has the layout moved?`);
  const outside = (deps) => deps.filter((dep) => !platform.test(dep));
  const featureImports = imports.flatMap(([file, deps]) => outside(deps).map((dep) => `${file} → ${dep}`));
  assert.deepEqual(featureImports, [], "platform files import features");
});
