// `npm run deploy`'s checks and steps, with fake `wrangler` and `npm` first on PATH (no network here).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { parse } from "smol-toml";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "yasno-deploy-"));
const callsFile = path.join(dir, "calls.log");

// Each fake records its arguments; `wrangler secret list` prints the canned FAKE_SECRETS JSON, and
// `wrangler d1 time-travel info <binding> --json` a bookmark named after the binding, as Cloudflare's API
// answers (or FAKE_BOOKMARK_REPLY when a test sets it).
const fake = (name) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `#!/usr/bin/env node
require("node:fs").appendFileSync(${JSON.stringify(callsFile)}, ${JSON.stringify(name)} + " " + process.argv.slice(2).join(" ") + "\\n");
const [a, b, c, binding] = process.argv.slice(2);
if (a === "secret" && b === "list") process.stdout.write(process.env.FAKE_SECRETS ?? "[]");
if (a === "d1" && b === "time-travel" && c === "info")
  process.stdout.write(process.env.FAKE_BOOKMARK_REPLY ?? JSON.stringify({ bookmark: "00000085-0000024c-00004c6d-" + binding.toLowerCase() }, null, 2));
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

function deploy(args, fakeSecrets = "[]", extraEnv = {}) {
  rmSync(callsFile, { force: true });
  const result = spawnSync(process.execPath, [path.join(root, "scripts/deploy.mjs"), ...args], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      PATH: `${dir}${path.delimiter}${process.env.PATH}`,
      FAKE_SECRETS: fakeSecrets,
      ...extraEnv,
    },
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
  // The bookmarks before any migration, each said as such.
  assert.match(
    stdout,
    /2\. wrangler d1 time-travel info DB --env production --json --config \S+prod\.toml \(закладка Time Travel DB до миграций/,
  );
  assert.match(
    stdout,
    /3\. wrangler d1 time-travel info HISTORY_0 --env production --json .*\(закладка Time Travel HISTORY_0/,
  );
  assert.match(
    stdout,
    /4\. wrangler d1 time-travel info LAW_DB --env production --json .*\(закладка Time Travel LAW_DB/,
  );
  assert.match(stdout, /5\. wrangler d1 migrations apply DB --remote --env production/);
  assert.match(stdout, /6\. wrangler d1 migrations apply HISTORY_0 --remote --env production/);
  assert.match(stdout, /7\. wrangler d1 migrations apply LAW_DB --remote --env production/);
  assert.match(stdout, /8\. wrangler deploy --env production --config \S+worker\/extractor\/wrangler\.toml/);
  assert.match(stdout, /9\. wrangler deploy --env production --config \S+worker\/share-screen\/wrangler\.toml/);
  assert.match(stdout, /10\. wrangler deploy --env production --config \S+worker\/telegram\/wrangler\.toml/);
  assert.match(stdout, /11\. wrangler deploy --env production --config \S+prod\.toml/);
  assert.match(stdout, /12\. wrangler pages deploy web\/dist --project-name yasno-test$/m);
  assert.equal(calls.length, 1);
});

test(
  "a real run builds, bookmarks and then migrates the main D1, every history shard and the law library, deploys the document " +
    "reader, the share page's renderer, the Worker and then the SPA, in that order",
  () => {
    const file = config("prod.toml");
    const { code, calls, stdout } = deploy(["--config", file], allSecrets);
    assert.equal(code, 0);
    assert.deepEqual(calls, [
      `wrangler secret list --env production --format json --config ${file}`,
      "npm run build",
      `wrangler d1 time-travel info DB --env production --json --config ${file}`,
      `wrangler d1 time-travel info HISTORY_0 --env production --json --config ${file}`,
      `wrangler d1 time-travel info LAW_DB --env production --json --config ${file}`,
      `wrangler d1 migrations apply DB --remote --env production --config ${file}`,
      `wrangler d1 migrations apply HISTORY_0 --remote --env production --config ${file}`,
      `wrangler d1 migrations apply LAW_DB --remote --env production --config ${file}`,
      `wrangler deploy --env production --config ${path.join(root, "worker/extractor/wrangler.toml")}`,
      `wrangler deploy --env production --config ${path.join(root, "worker/share-screen/wrangler.toml")}`,
      `wrangler deploy --env production --config ${path.join(root, "worker/telegram/wrangler.toml")}`,
      `wrangler deploy --env production --config ${file}`,
      "wrangler pages deploy web/dist --project-name yasno",
    ]);
    // The restore command of each bookmark, as it was taken and again at the end.
    for (const [binding, bookmark] of [
      ["DB", "00000085-0000024c-00004c6d-db"],
      ["HISTORY_0", "00000085-0000024c-00004c6d-history_0"],
      ["LAW_DB", "00000085-0000024c-00004c6d-law_db"],
    ]) {
      const restore = `npx wrangler d1 time-travel restore ${binding} --bookmark=${bookmark} --env production --config ${file}`;
      assert.equal(stdout.split(restore).length - 1, 2, `${restore} twice in:\n${stdout}`);
    }
  },
);

test("a bookmark that cannot be taken stops the deploy before any migration", () => {
  const file = config("prod.toml");
  const { code, calls, stderr } = deploy(["--config", file], allSecrets, {
    FAKE_BOOKMARK_REPLY: "✘ [ERROR] Time travel is not available for alpha D1 databases.",
  });
  assert.equal(code, 1);
  assert.match(stderr, /закладка Time Travel для DB не записана, миграции не применены: wrangler не ответил JSON/);
  assert.equal(calls.at(-1), `wrangler d1 time-travel info DB --env production --json --config ${file}`);
  assert.ok(!calls.some((call) => call.includes("migrations apply")));
});

test("a migration that fails says how to put back the databases bookmarked before it", () => {
  const file = config("prod.toml");
  const failing = path.join(dir, "failing-bin");
  mkdirSync(failing, { recursive: true });
  // A wrangler that fails on `migrations apply` of the shard and otherwise is the recording fake.
  writeFileSync(
    path.join(failing, "wrangler"),
    `#!/bin/sh\ncase "$*" in *"migrations apply HISTORY_0"*) echo "D1_ERROR: no such column" >&2; exit 1;; esac\n` +
      `exec ${JSON.stringify(path.join(dir, "wrangler"))} "$@"\n`,
  );
  chmodSync(path.join(failing, "wrangler"), 0o755);
  const { code, stderr } = deploy(["--config", file], allSecrets, {
    PATH: `${failing}${path.delimiter}${dir}${path.delimiter}${process.env.PATH}`,
  });
  assert.equal(code, 1);
  assert.match(stderr, /migrations apply HISTORY_0 --remote --env production .* завершился с кодом 1/);
  assert.match(stderr, /time-travel restore DB --bookmark=00000085-0000024c-00004c6d-db --env production/);
  assert.match(
    stderr,
    /time-travel restore HISTORY_0 --bookmark=00000085-0000024c-00004c6d-history_0 --env production/,
  );
});

test("--env staging deploys the staging environment of the same files, its SPA on the staging branch", () => {
  const file = config("staging.toml", {
    REPLACE_WITH_STAGING_D1_DATABASE_ID: "6d0e3a14-2b7c-4e59-8f21-3c4d5e6f7a80",
    REPLACE_WITH_STAGING_HISTORY_0_DATABASE_ID: "7e1f4b25-3c8d-4f6a-9032-4d5e6f7a8b91",
    REPLACE_WITH_STAGING_LAW_DATABASE_ID: "2a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d",
    REPLACE_WITH_STAGING_KV_NAMESPACE_ID: "9c2d3e4f5a6b4c7d8e9f0a1b2c3d4e5f",
  });
  const { code, calls } = deploy(["--env", "staging", "--config", file], allSecrets);
  assert.equal(code, 0);
  assert.deepEqual(calls, [
    `wrangler secret list --env staging --format json --config ${file}`,
    "npm run build",
    `wrangler d1 time-travel info DB --env staging --json --config ${file}`,
    `wrangler d1 time-travel info HISTORY_0 --env staging --json --config ${file}`,
    `wrangler d1 time-travel info LAW_DB --env staging --json --config ${file}`,
    `wrangler d1 migrations apply DB --remote --env staging --config ${file}`,
    `wrangler d1 migrations apply HISTORY_0 --remote --env staging --config ${file}`,
    `wrangler d1 migrations apply LAW_DB --remote --env staging --config ${file}`,
    `wrangler deploy --env staging --config ${path.join(root, "worker/extractor/wrangler.toml")}`,
    `wrangler deploy --env staging --config ${path.join(root, "worker/share-screen/wrangler.toml")}`,
    `wrangler deploy --env staging --config ${path.join(root, "worker/telegram/wrangler.toml")}`,
    `wrangler deploy --env staging --config ${file}`,
    "wrangler pages deploy web/dist --project-name yasno --branch staging",
  ]);
});

test("staging has its own resources, each a placeholder until created, like production's", () => {
  const { code, stderr, calls } = deploy(["--dry-run", "--env", "staging"], allSecrets);
  assert.equal(code, 1);
  assert.match(stderr, /D1 DB \(yasno-staging\): database_id — заглушка «REPLACE_WITH_STAGING_D1_DATABASE_ID»/);
  assert.match(stderr, /D1 HISTORY_0 \(yasno-staging-history-0\)/);
  assert.match(stderr, /KV KV: id — заглушка «REPLACE_WITH_STAGING_KV_NAMESPACE_ID»; .* --env staging/);
  assert.deepEqual(calls, []);
  const toml = parse(realToml);
  const names = (env) => [
    toml.env[env].name,
    ...toml.env[env].d1_databases.map((db) => db.database_name),
    ...toml.env[env].r2_buckets.map((bucket) => bucket.bucket_name),
    ...toml.env[env].services.map((service) => service.service),
  ];
  const shared = names("staging").filter((name) => names("production").includes(name));
  assert.deepEqual(shared, []);
  assert.deepEqual(
    toml.env.staging.durable_objects.bindings.map((b) => b.name),
    toml.env.production.durable_objects.bindings.map((b) => b.name),
  );
  // Vars are not inherited: staging sets every one production does (a new setting goes to both).
  assert.deepEqual(Object.keys(toml.env.staging.vars).sort(), Object.keys(toml.env.production.vars).sort());
});

test("every Worker uploads its source maps, and every environment inherits it", () => {
  const workers = ["worker/extractor", "worker/share-screen", "worker/telegram"].map((dir) => `${dir}/wrangler.toml`);
  for (const file of ["wrangler.toml", ...workers]) {
    const toml = parse(readFileSync(path.join(root, file), "utf8"));
    assert.equal(toml.upload_source_maps, true, file);
    assert.deepEqual(Object.keys(toml.env).sort(), ["production", "staging"], file);
    for (const [name, env] of Object.entries(toml.env))
      assert.notEqual(env.upload_source_maps, false, `${file} ${name}`);
  }
});

test("not signed in to Cloudflare (no JSON from wrangler) is said plainly", () => {
  const { code, stderr } = deploy(["--dry-run", "--config", config("prod.toml")], "You are not authenticated.");
  assert.equal(code, 1);
  assert.match(stderr, /войдите в Cloudflare \(wrangler login\)/);
});
