// `npm run bench`: runs every suite and writes docs/benchmarks.md.
// `npm run bench -- conversations` runs one suite and keeps the other sections as they were.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWeb, ensureDevVars, root } from "../lib/local.mjs";
import { benchAccounts } from "./accounts.mjs";
import { benchBundle } from "./bundle.mjs";
import { benchConversations } from "./conversations.mjs";
import { benchD1Time } from "./d1-time.mjs";
import { benchLaw } from "./law.mjs";
import { benchLighthouse } from "./lighthouse.mjs";
import { benchPrivacy } from "./privacy.mjs";
import { benchSearch } from "./search.mjs";
import { benchThroughput } from "./throughput.mjs";
import { benchVoice } from "./voice.mjs";

const suites = [
  ["Accounts", benchAccounts],
  ["Conversations", benchConversations],
  ["Throughput", benchThroughput],
  ["D1", benchD1Time],
  ["Search", benchSearch],
  ["Privacy", benchPrivacy],
  ["Law", benchLaw],
  ["Voice", benchVoice],
  ["Bundle", benchBundle],
  ["Lighthouse", benchLighthouse],
];
const only = process.argv[2]?.toLowerCase();
const docPath = path.join(root, "docs/benchmarks.md");

/** The sections of the last run, by heading, so a partial run keeps what it did not redo. */
function previousSections() {
  if (!existsSync(docPath)) return {};
  const parts = readFileSync(docPath, "utf8").split(/^## /m).slice(1);
  return Object.fromEntries(parts.map((part) => [part.slice(0, part.indexOf("\n")).trim(), `## ${part.trimEnd()}\n`]));
}

// The Workers the benches start need what `npm start` makes first: the local secrets and the build.
ensureDevVars();
if (!existsSync(path.join(root, "dist/share-screen"))) buildWeb();

const previous = previousSections();
const commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
const sections = [];
for (const [name, run] of suites) {
  if (only && name.toLowerCase() !== only) {
    if (previous[name]) sections.push(previous[name]);
    continue;
  }
  console.log(`Бенчмарк: ${name}…`);
  // The machine is shared: what else ran is part of the figures.
  const load = os.loadavg()[0].toFixed(2);
  const body = await run();
  console.log(body);
  const how = `\`npm run bench -- ${name.toLowerCase()}\`, load average ${load} at the start`;
  sections.push(
    `## ${name}\n\nRun on ${new Date().toISOString().slice(0, 10)} at commit ${commit} (${how}).\n\n${body}\n`,
  );
}

const doc = `# Benchmarks

Made by \`npm run bench\` (scripts/bench/; \`npm run bench -- <suite>\` redoes one section) on
${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
The load generator shares the machine with the Workers, so absolute numbers are modest; the
ratios against a baseline measured in the same run are what to compare.

${sections.join("\n")}`;
writeFileSync(docPath, doc);
console.log("Записано в docs/benchmarks.md");
