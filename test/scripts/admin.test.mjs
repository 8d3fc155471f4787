// The admin CLI as an operator runs it: a child process against a real local Worker (one for the file).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { migrate, root, startWorker, stopWorker, waitForHealth } from "../../scripts/lib/local.mjs";

const port = 8797;
const url = `http://127.0.0.1:${port}`;
const persistTo = path.join(root, `.wrangler/admin-cli-${port}`);
const admin = { email: "cli-admin@example.test", password: "cli-admin-password" };
let worker;

/** Runs `node scripts/admin.mjs …`; never throws, answers {code, stdout, stderr}. */
async function cli(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "scripts/admin.mjs"), ...args],
      {
        cwd: root,
        env: { ...process.env, YASNO_ADMIN_TOKEN: "", YASNO_ADMIN_URL: "" },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

async function api(pathname, { token, json, method } = {}) {
  const headers = { ...(token ? { "jwt-token": token } : {}), ...(json ? { "content-type": "application/json" } : {}) };
  const res = await fetch(`${url}/api/v2${pathname}`, {
    method: method ?? (json ? "POST" : "GET"),
    headers,
    body: json && JSON.stringify(json),
  });
  return { status: res.status, body: await res.json() };
}

const login = async (email, password) => (await api("/users/login", { json: { email, password } })).body.access_token;
const asAdmin = () => ["--url", url, "--email", admin.email, "--password", admin.password];

before(async () => {
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(path.join(root, "web/dist"), { recursive: true });
  migrate(persistTo);
  // The first admin is made by the CLI itself, straight in the local database.
  const made = await cli(
    "create-admin",
    "--email",
    admin.email,
    "--password",
    admin.password,
    "--persist-to",
    persistTo,
  );
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stdout, /Создан администратор cli-admin@example\.test/);
  worker = startWorker({
    port,
    persistTo,
    stdio: "ignore",
    vars: {
      APP_URL: url,
      JWT_SECRET: "admin-cli-test-secret-0123456789abcdef",
      INTERNAL_TOKEN: "admin-cli-internal",
      RATE_LIMIT_FACTOR: "100",
      // The demo model's replies at once (the cost statistics' test waits for one).
      DEMO_TOKEN_DELAY_MS: "0",
    },
  });
  await waitForHealth(port, 120_000);
});

after(async () => {
  if (worker) await stopWorker(worker);
  rmSync(persistTo, { recursive: true, force: true });
});

describe("help", () => {
  test("lists every command in Russian", async () => {
    const { code, stdout } = await cli("--help");
    assert.equal(code, 0);
    for (const name of [
      "create-admin",
      "plans",
      "products",
      "promos",
      "limits",
      "set-start-for-all",
      "reset-disclaimers",
      "search-reindex",
      "shards",
      "legal",
      "notify",
      "block",
      "unblock",
      "stats",
      "outbox",
      "law",
    ]) {
      assert.match(stdout, new RegExp(`^  ${name} `, "m"));
    }
    assert.match(stdout, /Использование: npm run admin -- <команда>/);
  });

  test("every command has its own help", async () => {
    const { code, stdout } = await cli("promos", "--help");
    assert.equal(code, 0);
    assert.match(stdout, /promos create --name <КОД>/);
  });

  test("an unknown command or option is a usage error (exit 2)", async () => {
    const unknown = await cli("teleport");
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Неизвестная команда: teleport/);
    const option = await cli("plans", "list", "--colour", "red");
    assert.equal(option.code, 2);
    assert.match(option.stderr, /Неизвестный или неполный параметр --colour/);
  });
});

describe("against the local Worker", () => {
  test("logs in by e-mail and password and lists the seeded plans", async () => {
    const { code, stdout, stderr } = await cli("plans", "list", ...asAdmin());
    assert.equal(code, 0, stderr);
    const plans = (await api("/subscriptions/", { token: await login(admin.email, admin.password) })).body;
    assert.ok(plans.length > 0);
    assert.match(stdout, /^id\s+name\s+price/m);
    for (const plan of plans) assert.match(stdout, new RegExp(`^${plan.id}\\s+${plan.name}`, "m"));
  });

  test("creates a plan with a token, and the API then has it", async () => {
    const token = await login(admin.email, admin.password);
    const { code, stdout, stderr } = await cli(
      "plans",
      "create",
      "--url",
      url,
      "--token",
      token,
      "--name",
      "Пакет из консоли",
      "--price",
      "123.45",
      "--days",
      "30",
      "--requests",
      "77",
      "--json",
    );
    assert.equal(code, 0, stderr);
    const made = JSON.parse(stdout);
    assert.deepEqual(
      { name: made.name, price: made.price, day_gap: made.day_gap, requests_limit: made.requests_limit },
      { name: "Пакет из консоли", price: 123.45, day_gap: 30, requests_limit: 77 },
    );
    const { body } = await api(`/subscriptions/${made.id}`, { token });
    assert.equal(body.name, "Пакет из консоли");
  });

  test("a plan the server refuses shows its Russian reason and exits 1", async () => {
    const { code, stderr } = await cli(
      "plans",
      "create",
      ...asAdmin(),
      "--name",
      "Без срока",
      "--price",
      "10",
      "--days",
      "0",
      "--requests",
      "5",
    );
    assert.equal(code, 2);
    assert.match(stderr, /--days: нужно целое число не меньше 1/);
    const server = await cli(
      "plans",
      "create",
      ...asAdmin(),
      "--name",
      "",
      "--price",
      "10",
      "--days",
      "5",
      "--requests",
      "5",
    );
    assert.equal(server.code, 1);
    assert.match(server.stderr, /Ошибка 422: name: Название тарифа не может быть пустым/);
  });

  test("creates a promo that a user can then use", async () => {
    const { code, stderr } = await cli(
      "promos",
      "create",
      ...asAdmin(),
      "--name",
      "cli-promo",
      "--requests",
      "9",
      "--max-uses",
      "3",
    );
    assert.equal(code, 0, stderr);
    const token = await login(admin.email, admin.password);
    const promos = (await api("/promos/", { token })).body;
    const promo = promos.find((p) => p.name === "CLI-PROMO");
    assert.ok(promo, "the promo is in the list");
    assert.deepEqual(
      { requests: promo.requests, max_uses: promo.max_uses, uses: promo.uses },
      { requests: 9, max_uses: 3, uses: 0 },
    );
  });

  test("grants requests to a user by e-mail", async () => {
    const user = { email: "cli-user@example.test", password: "cli-user-password" };
    assert.equal((await api("/users/", { json: { ...user, consent: true } })).status, 201);
    const userToken = await login(user.email, user.password);
    const before = (await api("/limits/", { token: userToken })).body.available_requests;
    const { code, stdout, stderr } = await cli(
      "limits",
      "grant",
      ...asAdmin(),
      "--user",
      user.email,
      "--requests",
      "40",
      "--days",
      "10",
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, new RegExp(`Доступно запросов: ${before + 40}`));
    const limits = (await api("/limits/", { token: userToken })).body;
    assert.equal(limits.available_requests, before + 40);
    assert.ok(limits.limits.some((l) => l.source === "admin" && l.requests === 40));
  });

  test("an unknown user for a grant is the server's 404 text", async () => {
    const { code, stderr } = await cli(
      "limits",
      "grant",
      ...asAdmin(),
      "--user",
      "nobody@example.test",
      "--requests",
      "1",
    );
    assert.equal(code, 1);
    assert.match(stderr, /Пользователь не найден/);
  });

  test("a wrong token is refused in Russian with a non-zero exit", async () => {
    const { code, stdout, stderr } = await cli("plans", "list", "--url", url, "--token", "not-a-real-token");
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.match(stderr, /Ошибка: Неверный токен администратора/);
  });

  test("a user who is not an admin is told so", async () => {
    const user = { email: "cli-plain@example.test", password: "cli-plain-password" };
    await api("/users/", { json: { ...user, consent: true } });
    const { code, stderr } = await cli(
      "promos",
      "list",
      "--url",
      url,
      "--email",
      user.email,
      "--password",
      user.password,
    );
    assert.equal(code, 1);
    assert.match(stderr, /Недостаточно прав/);
  });

  test("a wrong password fails the login", async () => {
    const { code, stderr } = await cli(
      "plans",
      "list",
      "--url",
      url,
      "--email",
      admin.email,
      "--password",
      "wrong-password",
    );
    assert.equal(code, 1);
    assert.match(stderr, /Вход не удался: Неверный e-mail или пароль/);
  });

  test("an unreachable server is named", async () => {
    const { code, stderr } = await cli("plans", "list", "--url", "http://127.0.0.1:9", "--token", "x");
    assert.equal(code, 1);
    assert.match(stderr, /Ошибка: Сервер недоступен: http:\/\/127\.0\.0\.1:9/);
  });

  test("sends a notice to a chosen user only, and that user has it", async () => {
    const chosen = { email: "cli-notified@example.test", password: "cli-notified-password" };
    const other = { email: "cli-other@example.test", password: "cli-other-password" };
    for (const u of [chosen, other])
      assert.equal((await api("/users/", { json: { ...u, consent: true } })).status, 201);
    const { code, stderr } = await cli(
      "notify",
      ...asAdmin(),
      "--title",
      "Новости",
      "--text",
      "Мы обновились",
      "--emails",
      chosen.email,
    );
    assert.equal(code, 0, stderr);
    const inbox = async (u) => (await api("/notifications/", { token: await login(u.email, u.password) })).body;
    assert.deepEqual(
      (await inbox(chosen)).map((n) => n.title),
      ["Новости"],
    );
    assert.deepEqual(await inbox(other), []);
  });

  test("blocks a user, who can no longer sign in, and unblocks them", async () => {
    const user = { email: "cli-blocked@example.test", password: "cli-blocked-password" };
    const created = await api("/users/", { json: { ...user, consent: true } });
    assert.equal(created.status, 201);
    const { id } = (await api("/users/self", { token: created.body.access_token })).body;
    const blocked = await cli("block", String(id), ...asAdmin());
    assert.equal(blocked.code, 0, blocked.stderr);
    assert.match(blocked.stdout, /Заблокирован: cli-blocked@example\.test/);
    const refused = await api("/users/login", { json: user });
    assert.equal(refused.status, 403);
    const unblocked = await cli("unblock", String(id), ...asAdmin());
    assert.equal(unblocked.code, 0, unblocked.stderr);
    assert.equal((await api("/users/login", { json: user })).status, 200);
    const bad = await cli("block", "abc", ...asAdmin());
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Укажите id пользователя/);
  });

  test("prints daily statistics as a table that counts today's new users", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    const json = await cli("stats", ...asAdmin(), "--from", today, "--to", today, "--json");
    assert.equal(json.code, 0, json.stderr);
    const [row] = JSON.parse(json.stdout);
    assert.equal(row.date, today);
    assert.ok(row.new_users >= 1, "the users made by this file count");
    const table = await cli("stats", ...asAdmin(), "--from", today, "--to", today);
    assert.equal(table.code, 0, table.stderr);
    assert.ok(table.stdout.includes(today), table.stdout);
  });

  test("prints the cost statistics of the demo model's replies, as tables and as CSV", async () => {
    const user = { email: "cli-costs@example.test", password: "cli-costs-password" };
    const made = await api("/users/", { json: { consent: true, ...user, name: "Стоимость" } });
    assert.equal(made.status, 201);
    const reply = await fetch(`${url}/api/v2/topics/start/stream/`, {
      method: "POST",
      headers: { "jwt-token": made.body.access_token, "content-type": "application/json" },
      body: JSON.stringify({ message: { text: "Сколько стоит ответ?", attachments: [] }, assistant_type: "gpt" }),
    });
    assert.equal(reply.status, 200);
    // Read to its end: the reply and its usage are saved before the stream closes.
    await reply.text();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    const range = ["--from", today, "--to", today];
    const json = await cli("stats", "costs", ...asAdmin(), ...range, "--json");
    assert.equal(json.code, 0, json.stderr);
    const { rows, top_users: users } = JSON.parse(json.stdout);
    // The demo model reports usage as a real one and has a price in wrangler.toml's AI_PRICES.
    const demo = rows.find((r) => r.model === "yasno-demo" && r.assistant_type === "gpt" && r.plan === "start");
    assert.ok(demo, json.stdout);
    assert.ok(demo.requests_used >= 1);
    assert.ok(demo.model_cost > 0, "the demo's price makes a cost");
    assert.equal(demo.margin, -demo.model_cost);
    assert.ok(
      users.some((u) => u.email === user.email && u.model_cost > 0),
      json.stdout,
    );

    const table = await cli("stats", "costs", ...asAdmin(), ...range);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /yasno-demo/);
    assert.match(table.stdout, /Самые дорогие пользователи:/);
    assert.ok(table.stdout.includes(user.email), table.stdout);

    const csv = await cli("stats", "costs", ...asAdmin(), ...range, "--csv");
    assert.equal(csv.code, 0, csv.stderr);
    assert.ok(csv.stdout.startsWith("\uFEFFДата;Режим;Модель;Пакет;"), csv.stdout.slice(0, 80));
    assert.match(csv.stdout, new RegExp(`\r\n${today};gpt;yasno-demo;start;0;\\d+;\\d+,\\d+;`));

    const bad = await cli("stats", "costs", ...asAdmin(), "--from", "2026-02-30", "--to", today);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /from: такой даты нет/);
    const misused = await cli("stats", "prices", ...asAdmin());
    assert.equal(misused.code, 2);
  });

  test("reads the local mail outbox", async () => {
    await fetch(`${url}/api/v2/users/password/forgot?email=cli-user%40example.test`, { method: "POST" });
    const { code, stdout, stderr } = await cli(
      "outbox",
      "--persist-to",
      persistTo,
      "--to",
      "cli-user@example.test",
      "--limit",
      "1",
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /→ cli-user@example\.test/);
    assert.match(stdout, /recovery|восстанов/i);
  });

  test("a notice names its recipients: none is a usage error, --all goes to every user", async () => {
    const none = await cli("notify", ...asAdmin(), "--title", "Кому?", "--text", "Никому");
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Укажите получателей: --emails, --user-ids или --all/);
    const both = await cli(
      "notify",
      ...asAdmin(),
      "--title",
      "Кому?",
      "--text",
      "Всем и Анне",
      "--all",
      "--emails",
      "cli-anna@example.test",
    );
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--all — всем пользователям: без --emails и --user-ids/);

    const user = { email: "cli-everyone@example.test", password: "cli-everyone-password" };
    assert.equal((await api("/users/", { json: { ...user, consent: true } })).status, 201);
    const { code, stdout, stderr } = await cli(
      "notify",
      ...asAdmin(),
      "--title",
      "Всем из консоли",
      "--text",
      "Объявление",
      "--all",
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /получателей \d+/);
    const inbox = (await api("/notifications/", { token: await login(user.email, user.password) })).body;
    assert.deepEqual(
      inbox.map((n) => n.title),
      ["Всем из консоли"],
    );
  });

  test("legal publishes a new version of a document from a Markdown file, and shows it", async () => {
    const file = path.join(persistTo, "offer.md");
    writeFileSync(file, "# Оферта\n\nРедакция из консоли для {{operator_name}}.\n");
    const set = await cli("legal", "set", "offer", "--file", file, ...asAdmin());
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, /^Опубликована редакция 2: Публичная оферта$/m);
    const shown = await cli("legal", "show", "offer", ...asAdmin());
    assert.match(shown.stdout, /Редакция из консоли для \[наименование оператора/);
    const missing = await cli("legal", "set", "offer", "--file", path.join(persistTo, "нет.md"), ...asAdmin());
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Не удалось прочитать файл/);
  });

  test("search-reindex writes the index for every chat name and message, page by page", async () => {
    const result = await cli("search-reindex", ...asAdmin());
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Поисковый индекс переписан: названий чатов \d+, сообщений \d+\.$/m);
  });

  test("shards lists the directory of history shards and refuses one not bound", async () => {
    const list = await cli("shards", "list", ...asAdmin());
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^id\s+open\s+users\s+bound/m);
    assert.match(list.stdout, /^0\s+(да|true)\s+\d+\s+(да|true)/m);
    assert.match(list.stdout, /^1\s+(да|true)\s+\d+\s+(да|true)/m);
    const unbound = await cli("shards", "add", "5", ...asAdmin());
    assert.notEqual(unbound.code, 0);
    assert.match(unbound.stderr, /HISTORY_5 не подключена к Worker/);
    const closed = await cli("shards", "close", "1", ...asAdmin());
    assert.equal(closed.code, 0, closed.stderr);
    assert.match(closed.stdout, /База истории 1 больше не принимает новых пользователей\./);
    assert.equal((await cli("shards", "open", "1", ...asAdmin())).code, 0);
  });

  test('set-start-for-all and reset-disclaimers send target "all", which the API requires', async () => {
    const adminToken = await login(admin.email, admin.password);
    for (const path of ["/limits/set_start_for_all/", "/disclaimers/set_for_all/"]) {
      const bare = await api(path, { token: adminToken, json: {} });
      assert.equal(bare.status, 422, path);
      assert.match(JSON.stringify(bare.body.detail), /Укажите target/);
    }
    const user = { email: "cli-start@example.test", password: "cli-start-password" };
    assert.equal((await api("/users/", { json: { ...user, consent: true } })).status, 201);
    const token = await login(user.email, user.password);

    const start = await cli("set-start-for-all", ...asAdmin(), "--requests", "3");
    assert.equal(start.code, 0, start.stderr);
    assert.match(start.stdout, /Стартовый пакет обновлён у \d+ польз\./);
    const limits = (await api("/limits/", { token })).body;
    assert.deepEqual(
      limits.limits.filter((l) => l.source === "start").map((l) => l.requests),
      [3],
    );

    const before = (await api("/disclaimers/", { token })).body;
    const reset = await cli("reset-disclaimers", ...asAdmin());
    assert.equal(reset.code, 0, reset.stderr);
    const after = (await api("/disclaimers/", { token })).body;
    assert.deepEqual(
      after.map((d) => d.version),
      before.map((d) => d.version + 1),
    );
  });
});
