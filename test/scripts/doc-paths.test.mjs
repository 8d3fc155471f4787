// Every repository path the map of the code names must exist, so the docs cannot drift from the tree unseen.
//
// The rule: a path is a run of text that starts at one of the repository's top folders (`worker/`,
// `web/`, `test/`, `scripts/`, `migrations/`, `docs/`), either a whole backticked span (`worker/db/`)
// or a bare word in the prose (docs/scale.md), whose trailing punctuation is not part of it.
// Relative paths (`features/chat/`, `db/`) are not checked: name a file from the root for it to be.
// `{a,b}` expands to each choice and `*` matches within one segment (at least one entry must match);
// a trailing `/` says a folder. Outputs of the build that git does not hold are listed below.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const root = path.resolve(import.meta.dirname, "../..");
const documents = ["README.md", "docs/architecture.md"];
const builtPaths = new Set(["web/dist"]);
const topFolders = "worker|web|test|scripts|migrations|docs";
const backticked = /`([^`\s]+)`/g;
const pathStart = new RegExp(`^(?:${topFolders})/`);
const barePath = new RegExp(`(?<![\\w./\`-])(?:${topFolders})/[\\w./{},*-]*`, "g");

/** The paths a Markdown text names: whole backticked spans first, then bare words outside them. */
function namedPaths(markdown) {
  const spans = [...markdown.matchAll(backticked)].map((match) => match[1]).filter((span) => pathStart.test(span));
  const prose = markdown.replace(backticked, " ");
  const bare = [...prose.matchAll(barePath)].map((match) => match[0].replace(/[.,:;]+$/, ""));
  return [...new Set([...spans, ...bare])];
}

/** `a/{b,c}/d` as `a/b/d` and `a/c/d`; nested braces are not used by the docs. */
function expandBraces(pattern) {
  const brace = pattern.match(/\{([^{}]*)\}/);
  if (!brace) return [pattern];
  const [before, after] = [pattern.slice(0, brace.index), pattern.slice(brace.index + brace[0].length)];
  return brace[1].split(",").flatMap((choice) => expandBraces(before + choice + after));
}

function matches(pattern) {
  const folderOnly = pattern.endsWith("/");
  let found = [root];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const segmentRegex = new RegExp(`^${segment.split("*").map(escapeRegex).join("[^/]*")}$`);
    found = found.flatMap((dir) => {
      if (!segment.includes("*")) return existsSync(path.join(dir, segment)) ? [path.join(dir, segment)] : [];
      if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
      return readdirSync(dir)
        .filter((name) => segmentRegex.test(name))
        .map((name) => path.join(dir, name));
    });
  }
  return found.filter((file) => !folderOnly || statSync(file).isDirectory());
}

const escapeRegex = (text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** The named paths that match nothing in the tree. */
function missingPaths(named) {
  return named.filter((name) => {
    if (builtPaths.has(name.replace(/\/$/, ""))) return false;
    return expandBraces(name).some((choice) => matches(choice).length === 0);
  });
}

for (const document of documents) {
  test(`every path ${document} names exists`, () => {
    const named = namedPaths(readFileSync(path.join(root, document), "utf8"));
    assert.ok(named.length > 10, `${document} names ${named.length} paths: is the pattern still right?`);
    assert.deepEqual(missingPaths(named), [], `${document} names paths that do not exist`);
  });
}

test("README.md lists every doc in docs/", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const listed = new Set([...readme.matchAll(/`(?:docs\/)?([\w-]+\.md)`/g)].map((match) => match[1]));
  const docs = readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"));
  assert.deepEqual(
    docs.filter((name) => !listed.has(name)),
    [],
    "docs missing from README.md's list",
  );
  assert.deepEqual(
    [...listed].filter((name) => name !== "README.md" && !docs.includes(name)),
    [],
    "README.md lists docs that do not exist",
  );
});

test("the rule reads backticks, prose, braces, stars and folders", () => {
  const text = "`worker/db/` and `npm test`, `worker/{db,http}/*.ts`, see docs/scale.md. Also `web/src/nowhere.ts`.";
  assert.deepEqual(namedPaths(text), ["worker/db/", "worker/{db,http}/*.ts", "web/src/nowhere.ts", "docs/scale.md"]);
  assert.deepEqual(missingPaths(namedPaths(text)), ["web/src/nowhere.ts"]);
  assert.deepEqual(missingPaths(["worker/app.ts/", "worker/{db,nowhere}/", "worker/db/*.nothing"]), [
    "worker/app.ts/",
    "worker/{db,nowhere}/",
    "worker/db/*.nothing",
  ]);
});
