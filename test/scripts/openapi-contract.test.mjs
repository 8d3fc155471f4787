// The OpenAPI document against what the API does: every documented operation called on a real
// local Worker (as a user, an admin, the bots or nobody, as its security says; once more without
// credentials where it needs some), each answer checked against the document by a JSON Schema
// validator (test/scripts/contract/check.mjs). Requests come from the document and the state made
// here; test/scripts/contract/requests.mjs says how, and FIXTURES there is where a new route adds
// what the document alone cannot give (docs/architecture.md, "The OpenAPI document").
import assert from "node:assert/strict";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { migrate, root, seedAdmin, startWorker, stopWorker, waitForHealth } from "../../scripts/lib/local.mjs";
import { contractChecker } from "./contract/check.mjs";
import { imageForm, requestFor } from "./contract/requests.mjs";

const port = 8796;
const base = `http://127.0.0.1:${port}`;
const persistTo = path.join(root, `.wrangler/openapi-contract-${port}`);
const INTERNAL_TOKEN = "openapi-contract-internal";
const admin = { email: "contract-admin@example.test", password: "contract-admin-password" };
let worker;
let document;
const state = {};

const credentials = (as) =>
  ({
    anonymous: {},
    user: { "jwt-token": state.accessToken },
    admin: { "jwt-token": state.adminToken },
    internal: { "internal-token": INTERNAL_TOKEN },
  })[as];

async function call(url, { as = "anonymous", json, method, headers = {} } = {}) {
  const auth = credentials(as);
  return fetch(`${base}${url}`, {
    method: method ?? (json === undefined ? "GET" : "POST"),
    headers: { ...auth, ...(json === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
    redirect: "manual",
  });
}

const bodyOf = async (res) => {
  const text = await res.text();
  assert.ok(res.ok, `${res.status} ${text}`);
  return text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text;
};

/**
 * A user with a topic of one exchange, an image, an empty topic, a folder, a share link, a company,
 * a promo and a payment; another user; the bots' user.
 */
async function setUp() {
  const register = (email) =>
    call("/api/v2/users", { json: { consent: true, email, password: "пароль-контракта-1", name: "Контракт" } });
  state.email = "contract-user@example.test";
  state.password = "пароль-контракта-1";
  const record = await bodyOf(await register(state.email));
  state.accessToken = record.access_token;
  state.refreshToken = record.refresh_token;
  state.userId = (await bodyOf(await call("/api/v2/users/self", { as: "user" }))).id;
  state.otherEmail = "contract-other@example.test";
  const other = await bodyOf(await register(state.otherEmail));
  state.otherUserId = JSON.parse(Buffer.from(other.access_token.split(".")[1], "base64url").toString()).sub;
  const second = await call("/api/v2/users/login", { json: { email: state.email, password: state.password } });
  state.secondToken = (await bodyOf(second)).access_token;
  await bodyOf(await call("/internal/api/v2/users/tg/4242", { as: "internal", json: { name: "Бот" } }));
  state.adminToken = (await bodyOf(await call("/api/v2/users/login", { json: admin }))).access_token;
  const sent = await call("/api/v2/topics/start/stream", {
    as: "user",
    json: { message: { text: "Первый вопрос", attachments: [] }, assistant_type: "gpt" },
  });
  state.topicId = Number(sent.headers.get("x-topic-id"));
  await bodyOf(sent);
  const history = await bodyOf(await call(`/api/v2/topics/${state.topicId}/history`, { as: "user" }));
  const messages = Array.isArray(history) ? history : history.items;
  state.messageId = messages.find((m) => m.role === "user")?.id;
  state.replyId = messages.find((m) => m.role !== "user")?.id;
  const uploaded = await fetch(`${base}/api/v2/attachments/upload`, {
    method: "POST",
    headers: credentials("user"),
    body: imageForm(),
  });
  state.attachmentId = (await bodyOf(uploaded)).attachment_id;
  state.emptyTopicId = (await bodyOf(await call("/api/v2/topics/new?assistant_type=gpt", { as: "user", json: {} }))).id;
  state.folderId = (await bodyOf(await call("/api/v2/folders/gpt/Папка", { as: "user", method: "POST" }))).id;
  state.shareHash = (await bodyOf(await call(`/api/v2/topics/${state.topicId}/share`, { as: "user", json: {} }))).hash;
  state.companyId = (await bodyOf(await call("/api/v2/companies", { as: "user", json: { name: "ООО Ясно" } }))).id;
  state.promoName = "КОНТРАКТ";
  state.promoId = (
    await bodyOf(
      await call("/api/v2/promos", { as: "admin", json: { name: state.promoName, requests: 1, max_uses: 5 } }),
    )
  ).id;
  await bodyOf(await call("/api/v2/payments/1", { as: "user", method: "POST" }));
  state.paymentId = (await bodyOf(await call("/api/v2/payments", { as: "user" })))[0]?.id;
}

// Reads first, then changes, then removals; the calls that end the session or the account last.
const LAST = [
  "delete /api/v2/topics/{id}",
  "patch /api/v2/users",
  "post /api/v2/users/logout",
  "delete /api/v2/users/self",
];
const rank = ({ method, path }) => {
  const at = LAST.indexOf(`${method} ${path}`);
  if (at >= 0) return 10 + at;
  return { get: 0, post: 1, put: 1, patch: 1, delete: 2 }[method];
};

function operationsOf(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) out.push({ method, path, operation });
  return out.sort((a, b) => rank(a) - rank(b));
}

before(async () => {
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(path.join(root, "web/dist"), { recursive: true });
  migrate(persistTo);
  seedAdmin(persistTo, admin.email, admin.password);
  worker = startWorker({
    port,
    persistTo,
    stdio: "ignore",
    vars: {
      APP_URL: base,
      JWT_SECRET: "openapi-contract-test-secret-0123456789abcdef",
      INTERNAL_TOKEN,
      RATE_LIMIT_FACTOR: "100",
      DEMO_TOKEN_DELAY_MS: "0",
    },
  });
  await waitForHealth(port, 120_000);
  document = await (await fetch(`${base}/api/v2/openapi.json`)).json();
  await setUp();
});

after(async () => {
  if (worker) await stopWorker(worker);
  rmSync(persistTo, { recursive: true, force: true });
});

test("every documented operation answers as the document says", async (t) => {
  const check = contractChecker(document);
  const problems = [];
  const statuses = {};
  for (const op of operationsOf(document)) {
    const { url, init, as } = requestFor(document, op, state);
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { ...credentials(as), ...init.headers },
      redirect: "manual",
    });
    statuses[`${op.method} ${op.path}`] = res.status;
    problems.push(...(await check(op, res)));
  }
  const refused = Object.entries(statuses).filter(([, status]) => status >= 300);
  t.diagnostic(
    `${Object.keys(statuses).length} operations called, ${refused.length} refused (a FIXTURES line may help):`,
  );
  for (const [operation, status] of refused) t.diagnostic(`  ${operation} → ${status}`);
  assert.deepEqual(problems, []);
});

test("every signed operation answers 401 without credentials, as documented", async () => {
  const check = contractChecker(document);
  const problems = [];
  for (const op of operationsOf(document)) {
    if ((op.operation.security ?? document.security).length === 0) continue;
    const { url, init } = requestFor(document, op, state);
    const headers = init.body ? { "content-type": "application/json" } : {};
    const res = await fetch(`${base}${url}`, { method: init.method, headers, body: init.body, redirect: "manual" });
    if (res.status !== 401) problems.push(`${op.method} ${op.path}: ${res.status} without credentials`);
    problems.push(...(await check(op, res)));
  }
  assert.deepEqual(problems, []);
});
