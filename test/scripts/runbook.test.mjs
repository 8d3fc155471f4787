// docs/runbook.md names only commands the project has: every `npm run X` a script of package.json, every
// `npm run admin -- X …` an admin command with its action and options as the CLI parses them, and every
// `npx wrangler X …` a command of the project's wrangler.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseArgs, promisify } from "node:util";
import { commands } from "../../scripts/admin/commands.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const runbook = readFileSync(path.join(root, "docs/runbook.md"), "utf8");
const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;

// The options every admin command takes (scripts/admin.mjs `common`): the connection and help.
const common = {
  url: { type: "string" },
  token: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** Each `npm run …` of the runbook up to the end of its code span, line or shell command. */
const npmRuns = [...runbook.matchAll(/npm run ([^\s`]+)((?: -- )?[^`\n|;&#]*)/g)].map((m) => ({
  text: m[0].trim(),
  script: m[1],
  args: m[2].startsWith(" -- ") ? m[2].slice(4).trim() : "",
}));

/** Words as a shell splits them (quotes kept together, not nested). */
const words = (text) => [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

/** The actions a command's usage names (`plans list`, `plans create …`): its lines' second word, when a word. */
const actionsOf = (name) =>
  new Set(
    commands[name].usage
      .split("\n")
      .flatMap((line) => (line.trim().split(/\s+/)[1] ?? "").split("|"))
      .filter((word) => /^[a-z][a-z-]*$/.test(word)),
  );

test("the runbook has commands to check", () => {
  assert.ok(npmRuns.length >= 10, `only ${npmRuns.length} npm run commands found`);
  assert.ok(npmRuns.filter((run) => run.script === "admin").length >= 8);
});

test("every npm run names a script of package.json", () => {
  const unknown = npmRuns.filter((run) => !(run.script in scripts)).map((run) => run.text);
  assert.deepEqual(unknown, []);
});

test("every npm run admin names a command, its action and options the CLI takes", () => {
  const problems = [];
  for (const run of npmRuns.filter((r) => r.script === "admin")) {
    const [name, ...args] = words(run.args);
    const command = commands[name];
    if (!command) {
      problems.push(`${run.text}: no admin command «${name}»`);
      continue;
    }
    const actions = actionsOf(name);
    if (actions.size && !actions.has(args[0])) problems.push(`${run.text}: «${name}» has no action «${args[0]}»`);
    try {
      parseArgs({ args, options: { ...common, ...command.options }, allowPositionals: true, strict: true });
    } catch (error) {
      problems.push(`${run.text}: ${error.message}`);
    }
  }
  assert.deepEqual(problems, []);
});

test("the checks catch a wrong command", () => {
  assert.equal(commands["no-such-command"], undefined);
  assert.ok(!actionsOf("plans").has("delete"));
  assert.throws(() =>
    parseArgs({ args: ["--colour", "red"], options: { ...common, ...commands.plans.options }, strict: true }),
  );
  assert.ok(!("no-such-script" in scripts));
});

/** The command words of each `npx wrangler …` (`d1 time-travel restore`), up to its first argument or option. */
const wranglerCommands = [
  ...new Set(
    [...runbook.matchAll(/npx wrangler ([^`\n|;&]*)/g)].map((m) => {
      const command = [];
      for (const word of m[1].trim().split(/\s+/)) {
        if (!/^[a-z][a-z0-9-]*$/.test(word)) break;
        command.push(word);
      }
      return command.join(" ");
    }),
  ),
];

test("every npx wrangler names a command of the project's wrangler", async () => {
  assert.ok(wranglerCommands.length >= 10, wranglerCommands.join(", "));
  const bin = path.join(root, "node_modules/.bin");
  // As `npm run` does: the project's Node (the package `node`) first, which wrangler needs.
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };
  const wrangler = path.join(bin, "wrangler");
  // The help of a command starts with its own usage line; an unknown one prints its parent's.
  const heads = await Promise.all(
    wranglerCommands.map(async (command) => {
      const { stdout } = await promisify(execFile)(wrangler, [...command.split(" "), "--help"], { cwd: root, env });
      return stdout.trim().split("\n")[0];
    }),
  );
  const unknown = wranglerCommands.filter((command, i) => !new RegExp(`^wrangler ${command}( |$)`).test(heads[i]));
  assert.deepEqual(unknown, []);
});
