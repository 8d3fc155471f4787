// `npm run bench`: runs every suite and writes docs/benchmarks.md.
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "../lib/local.mjs";
import { benchAccounts } from "./accounts.mjs";

const suites = [["Accounts", benchAccounts]];

const sections = [];
for (const [name, run] of suites) {
  console.log(`Бенчмарк: ${name}…`);
  const body = await run();
  console.log(body);
  sections.push(`## ${name}\n\n${body}\n`);
}

const commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
const doc = `# Benchmarks

Made by \`npm run bench\` (scripts/bench/) on ${new Date().toISOString().slice(0, 10)}, commit ${commit},
${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
The load generator (autocannon) shares the machine with the Workers, so absolute numbers are
modest; the ratios against the bare Worker measured in the same run are what to compare.

${sections.join("\n")}`;
writeFileSync(path.join(root, "docs/benchmarks.md"), doc);
console.log("Записано в docs/benchmarks.md");
