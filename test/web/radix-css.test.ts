import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { UNUSED_BREAKPOINTS, UNUSED_COMPONENTS, unusedSelector } from "../../web/build/radix-css";

// The build drops Radix Themes' rules the app cannot match (web/build/radix-css.ts): responsive
// props at some breakpoints, components it never renders. Using either would render unstyled.
const src = path.resolve(import.meta.dirname, "../../web/src");
const sources = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(path.join(src, f), "utf8") }));

it("no responsive prop is given for a breakpoint whose styles the build drops", () => {
  // A key of a responsive object, `{ initial: "1", md: "2" }` (not "docs/legal.md: …" in a comment).
  const key = new RegExp(`(?<![\\w./-])(?:${UNUSED_BREAKPOINTS.join("|")})\\s*:\\s*["'\`{\\d]`);
  expect(sources.filter((s) => key.test(s.text)).map((s) => s.file)).toEqual([]);
});

it("no component whose styles the build drops is imported", () => {
  const imported = new Set(
    sources.flatMap((s) =>
      [...s.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@radix-ui\/themes"/g)].flatMap((m) =>
        m[1]!.split(",").map((n) => n.trim().split(/\s/)[0]!),
      ),
    ),
  );
  expect(imported.has("Flex") && imported.has("Text")).toBe(true);
  expect(Object.keys(UNUSED_COMPONENTS).filter((name) => imported.has(name))).toEqual([]);
});

it("a rule goes only when no element the app renders can match it", () => {
  expect(unusedSelector(".rt-Heading:where(.md\\:rt-r-size-7)")).toBe(true);
  expect(unusedSelector(".rt-Heading:where(.sm\\:rt-r-size-7)")).toBe(false);
  expect(unusedSelector(".rt-TableRootTable :where(.rt-TableCell)")).toBe(true);
  expect(unusedSelector(".rt-Text")).toBe(false);
  expect(unusedSelector(".rt-TableRootTableX")).toBe(false);
  // A class the element must not have (or contain) does not make the rule unusable.
  expect(unusedSelector(".rt-Text:not(.rt-Skeleton)")).toBe(false);
  expect(unusedSelector(".rt-Card:has(.rt-Inset)")).toBe(false);
});
