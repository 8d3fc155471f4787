// `telegram set-webhook`: registers the bot's webhook and its commands with Telegram's Bot API
// (docs/telegram.md "Deploying the bot"). The token and secret come from the environment or .dev.vars.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { productionConfig } from "../deploy/checks.mjs";
import { CliError, usage } from "./errors.mjs";

export const TELEGRAM_API_ROOT = "https://api.telegram.org";
export const ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"];

/** The bot's menu (setMyCommands): Telegram wants 1–32 lowercase letters, digits or _, descriptions ≤ 256. */
export const BOT_COMMANDS = [
  { command: "start", description: "Начать и выбрать режим" },
  { command: "new", description: "Новый чат" },
  { command: "chats", description: "Недавние чаты" },
  { command: "mode", description: "Сменить режим" },
  { command: "balance", description: "Сколько запросов осталось" },
  { command: "buy", description: "Купить запросы" },
  { command: "promo", description: "Ввести промокод: /promo КОД" },
  { command: "link", description: "Привязать аккаунт Ясно" },
  { command: "help", description: "Что умеет бот" },
];

/** `KEY=value` lines of .dev.vars (quotes around a value dropped); none when the file is missing. */
export function readDevVars(root) {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/** The environment wins over .dev.vars, so a deploy shell's exported secrets are used as they are. */
function setting(name, devVars) {
  const value = process.env[name] || devVars[name];
  return value ? value.trim() : undefined;
}

/** The webhook's address: --url, or APP_URL of wrangler.toml's environment (production by default). */
function webhookUrl(values, root) {
  if (values.url) return values.url;
  const envName = values.env ?? "production";
  let appUrl;
  try {
    appUrl = productionConfig(path.join(root, "wrangler.toml"), envName).vars?.APP_URL;
  } catch (error) {
    throw usage(error.message);
  }
  if (!appUrl) throw usage(`В wrangler.toml нет APP_URL для [env.${envName}]: укажите --url`);
  return `${appUrl.replace(/\/+$/, "")}/telegram/webhook`;
}

/** One Bot API method; its refusal becomes a Russian error without the token (it is in the URL). */
async function callBotApi(apiRoot, token, method, body) {
  const endpoint = `${apiRoot.replace(/\/+$/, "")}/bot${token}/${method}`;
  let res;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CliError(`Bot API недоступен: ${apiRoot}`);
  }
  const answer = await res.json().catch(() => ({}));
  if (!res.ok || answer.ok !== true)
    throw new CliError(`Telegram отказал в ${method} (${res.status}): ${answer.description ?? "без описания"}`);
  return answer.result;
}

export async function setWebhook({ values, root }) {
  const devVars = readDevVars(root);
  const token = setting("TELEGRAM_BOT_TOKEN", devVars);
  const secret = setting("TELEGRAM_WEBHOOK_SECRET", devVars);
  if (!token) throw new CliError("Нет TELEGRAM_BOT_TOKEN: задайте его в окружении или в .dev.vars");
  if (!secret) throw new CliError("Нет TELEGRAM_WEBHOOK_SECRET: задайте его в окружении или в .dev.vars");
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret))
    throw new CliError("TELEGRAM_WEBHOOK_SECRET: 1–256 символов, только латинские буквы, цифры, _ и -");
  const url = webhookUrl(values, root);
  if (!/^https?:\/\//.test(url)) throw usage(`--url: нужен адрес https://…, а не «${url}»`);
  const apiRoot = setting("TELEGRAM_API_ROOT", devVars) ?? TELEGRAM_API_ROOT;
  await callBotApi(apiRoot, token, "setWebhook", {
    url,
    secret_token: secret,
    allowed_updates: ALLOWED_UPDATES,
  });
  await callBotApi(apiRoot, token, "setMyCommands", { commands: BOT_COMMANDS });
  console.log(`Вебхук бота: ${url} (обновления: ${ALLOWED_UPDATES.join(", ")}).`);
  console.log(`Команды бота: ${BOT_COMMANDS.map((c) => `/${c.command}`).join(" ")}.`);
}
