// `npm run deploy`'s checks and steps, with fake `wrangler` and `npm` first on PATH (no network here).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "yasno-deploy-"));
const callsFile = path.join(dir, "calls.log");

// Each fake records its arguments; `wrangler secret list` prints the canned FAKE_SECRETS JSON.
const fake = (name) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `#!/usr/bin/env node
require("node:fs").appendFileSync(${JSON.stringify(callsFile)}, ${JSON.stringify(name)} + " " + process.argv.slice(2).join(" ") + "\\n");
if (process.argv[2] === "secret" && process.argv[3] === "list") process.stdout.write(process.env.FAKE_SECRETS ?? "[]");
`,
  );
  chmodSync(file, 0o755);
};
fake("wrangler");
fake("npm");

const realToml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
/** wrangler.toml with its placeholders filled in, and `vars` lines changed as given. */
function config(name, replace = {}) {
  let text = realToml
    .replace("REPLACE_WITH_D1_DATABASE_ID", "3f2c7a52-1d4b-4c1e-9a57-0c6f1e2d9b11")
    .replace("REPLACE_WITH_HISTORY_0_DATABASE_ID", "8a4d2e61-7c3b-4f5a-b9e0-1d2c3b4a5f60")
    .replace("REPLACE_WITH_LAW_DATABASE_ID", "c4e1a7b2-5d3f-4a8e-9b6c-2f1d0e3a4b57")
    .replace("REPLACE_WITH_KV_NAMESPACE_ID", "5b1e0c8d2f9a4e7b8c6d1a2b3c4d5e6f");
  for (const [from, to] of Object.entries(replace)) text = text.replace(from, to);
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

const secrets = (...names) => JSON.stringify(names.map((name) => ({ name, type: "secret_text" })));
const allSecrets = secrets(
  "JWT_SECRET",
  "PRIVACY_KEY",
  "INTERNAL_TOKEN",
  "YOOKASSA_SHOP_ID",
  "YOOKASSA_SECRET_KEY",
  "MAIL_API_KEY",
);

function deploy(args, fakeSecrets = "[]") {
  rmSync(callsFile, { force: true });
  const result = spawnSync(process.execPath, [path.join(root, "scripts/deploy.mjs"), ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH}`, FAKE_SECRETS: fakeSecrets },
  });
  let calls = [];
  try {
    calls = readFileSync(callsFile, "utf8").trim().split("\n");
  } catch {}
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, calls };
}

after(() => rmSync(dir, { recursive: true, force: true }));

test("refuses the placeholder ids of the committed wrangler.toml before asking Cloudflare anything", () => {
  const { code, stderr, calls } = deploy(["--dry-run"], allSecrets);
  assert.equal(code, 1);
  assert.match(stderr, /остались заглушки/);
  assert.match(stderr, /D1 DB \(yasno-production\): database_id — заглушка «REPLACE_WITH_D1_DATABASE_ID»/);
  assert.match(stderr, /KV KV: id — заглушка «REPLACE_WITH_KV_NAMESPACE_ID»/);
  assert.deepEqual(calls, []);
});

test("an all-zero id is a placeholder too", () => {
  const file = config("zero.toml", { "3f2c7a52-1d4b-4c1e-9a57-0c6f1e2d9b11": "00000000-0000-0000-0000-000000000000" });
  const { code, stderr } = deploy(["--dry-run", "--config", file], allSecrets);
  assert.equal(code, 1);
  assert.match(stderr, /D1 DB/);
  assert.doesNotMatch(stderr, /KV KV/);
});

test("names the missing secrets production needs (YooKassa and mail included)", () => {
  const { code, stderr, calls } = deploy(
    ["--dry-run", "--config", config("prod.toml")],
    secrets("JWT_SECRET", "YOOKASSA_SHOP_ID"),
  );
  assert.equal(code, 1);
  const listed = stderr
    .split("\n")
    .filter((l) => l.startsWith("  "))
    .map((l) => l.trim().split(" ")[0]);
  assert.deepEqual(listed, ["PRIVACY_KEY", "INTERNAL_TOKEN", "YOOKASSA_SECRET_KEY", "MAIL_API_KEY"]);
  assert.match(stderr, /wrangler secret put <ИМЯ> --env production/);
  assert.deepEqual(calls, [
    `wrangler secret list --env production --format json --config ${path.join(dir, "prod.toml")}`,
  ]);
});

test("without YooKassa and a mail API only the signing key and the internal token are needed", () => {
  const file = config("plain.toml", {
    'PAYMENT_PROVIDER = "yookassa"': 'PAYMENT_PROVIDER = "sandbox"',
    'MAIL_API_URL = "https://api.resend.com/emails"': 'MAIL_API_URL = ""',
  });
  assert.equal(deploy(["--dry-run", "--config", file], secrets("JWT_SECRET", "PRIVACY_KEY", "INTERNAL_TOKEN")).code, 0);
  const missing = deploy(["--dry-run", "--config", file], secrets("INTERNAL_TOKEN"));
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^ {2}JWT_SECRET \(/m);
});

test("--dry-run with everything set prints the steps and runs none", () => {
  const file = config("prod.toml");
  const { code, stdout, calls } = deploy(["--dry-run", "--config", file, "--project-name", "yasno-test"], allSecrets);
  assert.equal(code, 0);
  assert.match(stdout, /Секреты на месте/);
  assert.match(stdout, /1\. npm run build/);
  assert.match(stdout, /2\. wrangler d1 migrations apply DB --remote --env production/);
  assert.match(stdout, /3\. wrangler d1 migrations apply HISTORY_0 --remote --env production/);
  assert.match(stdout, /4\. wrangler d1 migrations apply LAW_DB --remote --env production/);
  assert.match(stdout, /5\. wrangler deploy --env production --config \S+worker\/extractor\/wrangler\.toml/);
  assert.match(stdout, /6\. wrangler deploy --env production --config \S+worker\/share-screen\/wrangler\.toml/);
  assert.match(stdout, /7\. wrangler deploy --env production --config \S+prod\.toml/);
  assert.match(stdout, /8\. wrangler pages deploy web\/dist --project-name yasno-test/);
  assert.equal(calls.length, 1);
});

test(
  "a real run builds, migrates the main D1 and every history shard, deploys the document reader, the share " +
    "page's renderer, the Worker and then the SPA, in that order",
  () => {
    const file = config("prod.toml");
    const { code, calls } = deploy(["--config", file], allSecrets);
    assert.equal(code, 0);
    assert.deepEqual(calls, [
      `wrangler secret list --env production --format json --config ${file}`,
      "npm run build",
      `wrangler d1 migrations apply DB --remote --env production --config ${file}`,
      `wrangler d1 migrations apply HISTORY_0 --remote --env production --config ${file}`,
      `wrangler d1 migrations apply LAW_DB --remote --env production --config ${file}`,
      `wrangler deploy --env production --config ${path.join(root, "worker/extractor/wrangler.toml")}`,
      `wrangler deploy --env production --config ${path.join(root, "worker/share-screen/wrangler.toml")}`,
      `wrangler deploy --env production --config ${file}`,
      "wrangler pages deploy web/dist --project-name yasno",
    ]);
  },
);

test("not signed in to Cloudflare (no JSON from wrangler) is said plainly", () => {
  const { code, stderr } = deploy(["--dry-run", "--config", config("prod.toml")], "You are not authenticated.");
  assert.equal(code, 1);
  assert.match(stderr, /войдите в Cloudflare \(wrangler login\)/);
});
