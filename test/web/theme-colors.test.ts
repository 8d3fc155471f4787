import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// app/start.tsx loads only the Radix color scales the app uses (docs/scale.md "Smaller to load"): every
// Radix color named in a component or a stylesheet must be among them, or it would render colorless.
const root = path.resolve(import.meta.dirname, "../..");
const src = path.join(root, "web/src");
const radixColors = new Set(
  readdirSync(path.join(root, "node_modules/@radix-ui/themes/tokens/colors")).map((f) => f.replace(/\.css$/, "")),
);
const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.(tsx?|css)$/.test(f))
  .map((f) => readFileSync(path.join(src, f), "utf8"));
const loaded = new Set(
  [...readFileSync(path.join(src, "app/start.tsx"), "utf8").matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map(
    (m) => m[1],
  ),
);

it("every Radix color the app names has its scale loaded", () => {
  const named = new Set<string>();
  for (const text of files) {
    // Any quoted word or CSS variable that is a Radix color's name: props, ternaries, objects, stylesheets.
    for (const m of text.matchAll(/"([a-z]+)"|var\(--([a-z]+)-a?\d+\)/g)) {
      const name = m[1] ?? m[2]!;
      if (radixColors.has(name)) named.add(name);
    }
  }
  expect([...named].filter((c) => !loaded.has(c))).toEqual([]);
  expect(named.has("indigo") && named.has("red")).toBe(true);
});
