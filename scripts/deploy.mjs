// `npm run deploy`: checks the production configuration and secrets, then builds, migrates the
// remote D1 and deploys the Worker and the SPA (docs/deploy.md). `--dry-run` checks and prints the steps.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { bookmarkOf, migratedBindings, restoreCommand } from "./deploy/bookmarks.mjs";
import { missingSecrets, placeholderProblems, productionConfig, requiredSecrets } from "./deploy/checks.mjs";

const root = path.resolve(import.meta.dirname, "..");
const help = `Ясно: развёртывание в Cloudflare

Использование: npm run deploy -- [--dry-run] [--project-name <проект Pages>] [--env production] [--config <wrangler.toml>]

Проверяет, что в wrangler.toml не осталось заглушек вместо id и что заданы нужные секреты
(wrangler secret list), затем: npm run build, закладки D1 Time Travel основной базы и каждой базы истории
(и команды отката к ним), миграции D1 (--remote), wrangler deploy (читатель документов, страница общей ссылки,
затем API) и wrangler pages deploy web/dist. --dry-run — только проверки и список шагов.
--env staging — тестовое окружение ([env.staging] в wrangler.toml; веб-приложение — ветка staging в Pages).
Проект Pages по умолчанию «yasno» (или YASNO_PAGES_PROJECT).`;

let options;
try {
  options = parseArgs({
    options: {
      "dry-run": { type: "boolean" },
      "project-name": { type: "string" },
      env: { type: "string" },
      config: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }).values;
} catch {
  console.error(`Ошибка: неверные параметры\n\n${help}`);
  process.exit(2);
}
if (options.help) {
  console.log(help);
  process.exit(0);
}

const envName = options.env ?? "production";
const configPath = path.resolve(root, options.config ?? "wrangler.toml");
// Every wrangler call reads the same configuration the checks read.
const configFlag = options.config ? ["--config", configPath] : [];
const project = options["project-name"] ?? process.env.YASNO_PAGES_PROJECT ?? "yasno";
// A wrangler on PATH wins (npm run puts the project's own there first); else the project's own.
const env = {
  ...process.env,
  PATH: `${process.env.PATH}${path.delimiter}${path.join(root, "node_modules/.bin")}`,
  WRANGLER_SEND_METRICS: "false",
};
// The restore commands of the bookmarks taken so far: said again if a later step fails.
const restores = [];
const fail = (message) => {
  console.error(`Ошибка: ${message}`);
  if (restores.length)
    console.error(`\nБазы до миграций этого развёртывания (docs/runbook.md):\n  ${restores.join("\n  ")}`);
  process.exit(1);
};

function run(command, args, { capture = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (result.error) fail(`не запустился ${command}: ${result.error.message}`);
  if (result.status !== 0)
    fail(
      `${command} ${args.join(" ")} завершился с кодом ` +
        `${result.status}${capture ? `\n${result.stderr || result.stdout}` : ""}`,
    );
  return result.stdout;
}

let config;
try {
  config = productionConfig(configPath, envName);
} catch (error) {
  fail(error.message);
}
const placeholders = placeholderProblems(config, envName);
if (placeholders.length)
  fail(
    `в wrangler.toml [env.${envName}] остались заглушки:\n  ${placeholders.join("\n  ")}\nВпишите id созданных ` +
      `ресурсов (docs/deploy.md).`,
  );

console.log(`Проверка секретов Worker ${config.name ?? ""} (wrangler secret list --env ${envName})…`);
let listed;
try {
  listed = JSON.parse(
    run("wrangler", ["secret", "list", "--env", envName, "--format", "json", ...configFlag], { capture: true }),
  );
} catch {
  fail("wrangler secret list ответил не JSON: войдите в Cloudflare (wrangler login) и повторите");
}
const missing = missingSecrets(requiredSecrets(config.vars), listed);
if (missing.length) {
  fail(
    `не заданы секреты:\n${missing.map((s) => `  ${s.name} (${s.reason})`).join("\n")}\n` +
      `Задайте каждый: wrangler secret put <ИМЯ> --env ${envName} (docs/secrets.md).`,
  );
}
console.log("Секреты на месте.");

// A step is a command, or the bookmark of a database before the migrations (`bookmark`: its binding).
const bookmarkStep = (binding) => ({
  cmd: "wrangler",
  args: ["d1", "time-travel", "info", binding, "--env", envName, "--json", ...configFlag],
  bookmark: binding,
});
const command = (cmd, args) => ({ cmd, args });
const bindings = migratedBindings(config);
const steps = [
  command("npm", ["run", "build"]),
  // Before any migration, so each database can be put back as it was (docs/runbook.md).
  ...bindings.map(bookmarkStep),
  // The main database, every history shard the environment binds (docs/scale.md "History shards"), then the
  // law library (docs/law.md "The library").
  ...bindings.map((binding) =>
    command("wrangler", ["d1", "migrations", "apply", binding, "--remote", "--env", envName, ...configFlag]),
  ),
  // The document reader and the share page's renderer first: the API Worker's EXTRACTOR and SHARE_SCREEN
  // bindings name them (docs/scale.md "Smaller to load", docs/web.md "First screens in the HTML").
  command("wrangler", ["deploy", "--env", envName, "--config", path.join(root, "worker/extractor/wrangler.toml")]),
  command("wrangler", ["deploy", "--env", envName, "--config", path.join(root, "worker/share-screen/wrangler.toml")]),
  // The Telegram bot too (TELEGRAM_BOT); its own API binding names the API Worker deployed before (docs/telegram.md).
  command("wrangler", ["deploy", "--env", envName, "--config", path.join(root, "worker/telegram/wrangler.toml")]),
  command("wrangler", ["deploy", "--env", envName, ...configFlag]),
  // Production is the Pages project's production branch; another environment is a branch of its own.
  command("wrangler", [
    "pages",
    "deploy",
    "web/dist",
    "--project-name",
    project,
    ...(envName === "production" ? [] : ["--branch", envName]),
  ]),
];
if (options["dry-run"]) {
  console.log("Шаги (--dry-run, ничего не выполнено):");
  for (const [i, { cmd, args, bookmark }] of steps.entries()) {
    const note = bookmark ? ` (закладка Time Travel ${bookmark} до миграций и команда отката к ней)` : "";
    console.log(`  ${i + 1}. ${cmd} ${args.join(" ")}${note}`);
  }
  process.exit(0);
}
for (const { cmd, args, bookmark } of steps) {
  console.log(`\n→ ${cmd} ${args.join(" ")}`);
  if (!bookmark) {
    run(cmd, args);
    continue;
  }
  let saved;
  try {
    saved = bookmarkOf(run(cmd, args, { capture: true }));
  } catch (error) {
    fail(`закладка Time Travel для ${bookmark} не записана, миграции не применены: ${error.message}`);
  }
  restores.push(restoreCommand(bookmark, saved, envName, configFlag));
  console.log(`Закладка ${bookmark}: ${saved}\nОткат к ней: ${restores.at(-1)}`);
}
console.log(
  `\nГотово: Worker и веб-приложение развёрнуты.\nЕсли миграции испортили данные, базы возвращаются к закладкам ` +
    `до них (docs/runbook.md):\n  ${restores.join("\n  ")}`,
);
