// `npm run admin -- telegram set-webhook` against a fake Bot API: a node http server that answers as
// Telegram's does ({ok, result} / {ok: false, description}) and records every call it gets.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { after, afterEach, before, test } from "node:test";
import { promisify } from "node:util";
import { ALLOWED_UPDATES, BOT_COMMANDS, setWebhook } from "../../scripts/admin/telegram.mjs";
import { root } from "../../scripts/lib/local.mjs";

const TOKEN = "123456:fake-bot-token";
const SECRET = "webhook-secret_42";
let server;
let apiRoot;
let calls = [];
let refuse = null;

before(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      calls.push({ method: req.method, path: req.url, type: req.headers["content-type"], body: JSON.parse(body) });
      const bad = refuse && req.url.endsWith(`/${refuse}`);
      res.writeHead(bad ? 400 : 200, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          bad ? { ok: false, error_code: 400, description: "Bad Request: bad webhook" } : { ok: true, result: true },
        ),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiRoot = `http://127.0.0.1:${server.address().port}`;
});

after(() => server.close());
afterEach(() => {
  calls = [];
  refuse = null;
});

/** Runs `node scripts/admin.mjs …` with these settings in the environment; never throws. */
async function cli(args, env) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "scripts/admin.mjs"), ...args],
      {
        cwd: root,
        env: { ...process.env, ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const settings = { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET };

test("registers the webhook with its secret and allowed updates, then the bot's commands", async () => {
  const url = "https://bot.example.test/telegram/webhook";
  const run = await cli(["telegram", "set-webhook", "--url", url], { ...settings, TELEGRAM_API_ROOT: apiRoot });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    calls.map((c) => [c.method, c.path, c.type]),
    [
      ["POST", `/bot${TOKEN}/setWebhook`, "application/json"],
      ["POST", `/bot${TOKEN}/setMyCommands`, "application/json"],
    ],
  );
  assert.deepEqual(calls[0].body, {
    url,
    secret_token: SECRET,
    allowed_updates: ["message", "callback_query", "my_chat_member"],
  });
  const commands = calls[1].body.commands;
  assert.deepEqual(
    commands.map((c) => c.command),
    ["start", "new", "chats", "mode", "balance", "buy", "promo", "link", "help"],
  );
  for (const c of commands) {
    assert.match(c.command, /^[a-z0-9_]{1,32}$/);
    assert.match(c.description, /^[А-ЯЁ][\s\S]{2,255}$/u, c.command);
  }
  assert.match(run.stdout, /Вебхук бота: https:\/\/bot\.example\.test\/telegram\/webhook/);
  assert.ok(!run.stdout.includes(TOKEN) && !run.stdout.includes(SECRET));
});

test("stops with a Russian error, without the token, when Telegram refuses", async () => {
  refuse = "setWebhook";
  const run = await cli(["telegram", "set-webhook", "--url", "https://x.test/telegram/webhook"], {
    ...settings,
    TELEGRAM_API_ROOT: apiRoot,
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /Ошибка: Telegram отказал в setWebhook \(400\): Bad Request: bad webhook/);
  assert.ok(!run.stderr.includes(TOKEN));
  assert.equal(calls.length, 1, "no commands after a refused webhook");
});

test("a wrong action is a usage error (exit code 2)", async () => {
  const run = await cli(["telegram", "set-hook"], settings);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /telegram: укажите действие \(set-webhook\)/);
  assert.equal(calls.length, 0);
});

/** setWebhook in this process, with a root of its own (its .dev.vars and wrangler.toml) and a clean environment. */
async function inFolder(files, fn) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tg-admin-"));
  const saved = {};
  for (const name of ["TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_API_ROOT"]) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return await fn(dir);
  } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    rmSync(dir, { recursive: true, force: true });
  }
}

test("reads the settings from .dev.vars and the address from wrangler.toml's environment", async () => {
  await inFolder(
    {
      ".dev.vars": `JWT_SECRET=x\nTELEGRAM_BOT_TOKEN="${TOKEN}"\nTELEGRAM_WEBHOOK_SECRET=${SECRET}\nTELEGRAM_API_ROOT=${apiRoot}\n`,
      "wrangler.toml": '[env.staging.vars]\nAPP_URL = "https://staging.example.test/"\n',
    },
    (dir) => setWebhook({ values: { env: "staging" }, root: dir }),
  );
  assert.equal(calls[0].path, `/bot${TOKEN}/setWebhook`);
  assert.equal(calls[0].body.url, "https://staging.example.test/telegram/webhook");
  assert.equal(calls[0].body.secret_token, SECRET);
  assert.deepEqual(calls[1].body.commands, BOT_COMMANDS);
  assert.deepEqual(calls[0].body.allowed_updates, ALLOWED_UPDATES);
});

test("refuses without the token or the secret, or with a secret Telegram would not take", async () => {
  const url = { url: "https://x.test/telegram/webhook" };
  await inFolder({}, (dir) =>
    assert.rejects(setWebhook({ values: url, root: dir }), {
      message: "Нет TELEGRAM_BOT_TOKEN: задайте его в окружении или в .dev.vars",
    }),
  );
  await inFolder({ ".dev.vars": `TELEGRAM_BOT_TOKEN=${TOKEN}\n` }, (dir) =>
    assert.rejects(setWebhook({ values: url, root: dir }), {
      message: "Нет TELEGRAM_WEBHOOK_SECRET: задайте его в окружении или в .dev.vars",
    }),
  );
  await inFolder({ ".dev.vars": `TELEGRAM_BOT_TOKEN=${TOKEN}\nTELEGRAM_WEBHOOK_SECRET=не латиница\n` }, (dir) =>
    assert.rejects(setWebhook({ values: url, root: dir }), {
      message: "TELEGRAM_WEBHOOK_SECRET: 1–256 символов, только латинские буквы, цифры, _ и -",
    }),
  );
  assert.equal(calls.length, 0);
});
