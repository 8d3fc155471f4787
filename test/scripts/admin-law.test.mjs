// `npm run admin -- law import` against a real local Worker, and the demo library `npm start` seeds.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import {
  migrate,
  root,
  seedAdmin,
  seedLawDemo,
  startWorker,
  stopWorker,
  waitForHealth,
} from "../../scripts/lib/local.mjs";

const port = 8823;
const url = `http://127.0.0.1:${port}`;
const persistTo = path.join(root, `.wrangler/admin-law-${port}`);
const admin = { email: "law-admin@example.test", password: "law-admin-password" };
const work = mkdtempSync(path.join(tmpdir(), "yasno-law-cli-"));
let worker;

async function cli(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "scripts/admin.mjs"), ...args],
      { cwd: root, env: { ...process.env, YASNO_ADMIN_TOKEN: "", YASNO_ADMIN_URL: "" } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}
const asAdmin = () => ["--url", url, "--email", admin.email, "--password", admin.password];

async function article(act, number, date) {
  const login = await fetch(`${url}/api/v2/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { access_token } = await login.json();
  const res = await fetch(`${url}/api/v2/law/${encodeURIComponent(act)}/${number}?date=${date}`, {
    headers: { "jwt-token": access_token },
  });
  return { status: res.status, body: await res.json() };
}

before(async () => {
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(path.join(root, "web/dist"), { recursive: true });
  migrate(persistTo);
  seedLawDemo(persistTo);
  // Twice: the seed adds only what is missing.
  seedLawDemo(persistTo);
  seedAdmin(persistTo, admin.email, admin.password);
  worker = startWorker({
    port,
    persistTo,
    stdio: "ignore",
    vars: { APP_URL: url, JWT_SECRET: "admin-law-test-secret-0123456789abcdef", RATE_LIMIT_FACTOR: "100" },
  });
  await waitForHealth(port, 120_000);
});

after(async () => {
  if (worker) await stopWorker(worker);
  rmSync(persistTo, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

test("npm start's demo library: ГК РФ and ЖК РФ excerpts marked demo, one article repealed", async () => {
  const rent = await article("ГК РФ", "619", "2025-01-01");
  assert.equal(rent.status, 200);
  assert.equal(rent.body.act.demo, true);
  assert.equal(rent.body.status, "in_force");
  assert.equal(rent.body.editions.length, 1);
  assert.match(rent.body.edition.text, /более двух раз подряд/);
  for (const number of ["309", "310", "450", "606", "614", "1062.1"])
    assert.equal((await article("ГК РФ", number, "2025-01-01")).status, 200, number);
  const repealed = await article("ГК РФ", "70", "2025-01-01");
  assert.equal(repealed.body.status, "repealed");
  assert.equal(repealed.body.repealed_on, "2014-09-01");
  assert.equal((await article("ЖК РФ", "30", "2025-01-01")).body.act.demo, true);
});

test("law import prints what it found; the same file twice changes nothing", async () => {
  const file = path.join(work, "act.txt");
  writeFileSync(
    file,
    "ЗАКОН О ПРОВЕРКАХ\nВводная строка\nСтатья 1. Предмет\n1. Текст первой статьи.\n" +
      "Статья 2. Утратила силу с 1 марта 2021 года.\n",
  );
  const first = await cli("law", "import", file, "--act", "99-ФЗ", "--in-force-from", "2021-03-01", ...asAdmin());
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /99-ФЗ: статей 2, изменено 2, без изменений 0, утратили силу 1/);
  assert.match(first.stdout, /Нераспознанных строк: 1\n {2}Вводная строка/);
  const again = await cli("law", "import", file, "--act", "99-ФЗ", "--in-force-from", "2021-03-01", ...asAdmin());
  assert.match(again.stdout, /статей 2, изменено 0, без изменений 2/);
});

test("law --help says what an import does", async () => {
  const help = await cli("law", "--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /law import <файл \.txt\|\.html\|\.docx> --act/);
  assert.match(help.stdout, /тот же файл дважды ничего не меняет/);
});

test("law import: usage errors exit 2, the API's 422 is shown in Russian", async () => {
  const file = path.join(work, "empty.txt");
  writeFileSync(file, "Письмо без статей.\n");
  const noDate = await cli("law", "import", file, "--act", "99-ФЗ", ...asAdmin());
  assert.equal(noDate.code, 2);
  assert.match(noDate.stderr, /--in-force-from: дата в виде ГГГГ-ММ-ДД/);
  const noAct = await cli("law", "import", file, "--in-force-from", "2021-03-01", ...asAdmin());
  assert.match(noAct.stderr, /Укажите --act/);
  const empty = await cli("law", "import", file, "--act", "99-ФЗ", "--in-force-from", "2021-03-01", ...asAdmin());
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /Ошибка 422: В файле не найдено ни одной статьи/);
});
