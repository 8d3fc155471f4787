// `npm run admin -- <command>`: the admin CLI (docs/admin.md). Speaks the admin API of a running
// Worker (local by default, production with --url and a token); database-only jobs go through wrangler.
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "./admin/api.mjs";
import { commands } from "./admin/commands.mjs";
import { CliError, usage } from "./admin/errors.mjs";

const root = path.resolve(import.meta.dirname, "..");
const common = {
  url: { type: "string" },
  token: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

const connection =
  "Подключение: --url <адрес> (по умолчанию http://localhost:8787, или YASNO_ADMIN_URL);\n" +
  "  --token <токен> (или YASNO_ADMIN_TOKEN), либо --email и --password администратора.\n" +
  "  --json — ответ как JSON.";

function mainHelp() {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    "Ясно: консоль администратора",
    "",
    "Использование: npm run admin -- <команда> [параметры]",
    "",
    "Команды:",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    "",
    connection,
    "",
    "Справка по команде: npm run admin -- <команда> --help",
  ].join("\n");
}

function commandHelp(name, command) {
  const lines = [
    `${name}: ${command.summary}`,
    "",
    "Использование:",
    ...command.usage.split("\n").map((l) => `  npm run admin -- ${l}`),
  ];
  if (command.details) lines.push("", command.details);
  if (!command.db && !command.noApi) lines.push("", connection);
  return lines.join("\n");
}

async function main(argv) {
  const [name, ...args] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") return console.log(mainHelp());
  const command = commands[name];
  if (!command) throw usage(`Неизвестная команда: ${name}\n\n${mainHelp()}`);
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...common, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    const option = /'(-[^']+)'/.exec(error.message)?.[1];
    throw usage(
      `${option ? `Неизвестный или неполный параметр ${option}` : "Неверные параметры"}; справка: npm run admin -- ` +
        `${name} --help`,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return console.log(commandHelp(name, command));
  const api =
    command.db || command.noApi
      ? null
      : await createClient({
          url: values.url ?? process.env.YASNO_ADMIN_URL ?? "http://localhost:8787",
          token: values.token ?? process.env.YASNO_ADMIN_TOKEN,
          email: values.email ?? process.env.YASNO_ADMIN_EMAIL,
          password: values.password ?? process.env.YASNO_ADMIN_PASSWORD,
        });
  await command.run({ values, positionals, api, root });
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(`Ошибка: ${error.message}`);
  process.exitCode = error.code;
}
