import { env, SELF } from "cloudflare:test";
import { runCron } from "../../worker/operations/cron";
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authHeaders, call, detailOf, registerUser, uniqueIp } from "./helpers";
import { insertTopic } from "./topics-db";

const INTERNAL = { "internal-token": "test-internal-token" };
const APP = new URL(env.APP_URL).origin;
const telegramId = () => String(Math.floor(Math.random() * 1e12));
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function internal(path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": uniqueIp(), "content-type": "application/json" };
  if (init.token !== null) headers["internal-token"] = init.token ?? INTERNAL["internal-token"];
  return SELF.fetch(`http://app.test/internal/api/v2${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** The bot's `/link`: the one-time link's token, read back from the URL it answers. */
async function linkToken(id: string): Promise<string> {
  const res = await internal(`/users/tg/${id}/link-token`, { method: "POST" });
  expect(res.status).toBe(201);
  const { url } = (await res.json()) as { url: string };
  return new URL(url).searchParams.get("token")!;
}

const linkWeb = (record: { access_token: string }, token: unknown) =>
  call("/users/self/links/telegram", { json: { token }, headers: authHeaders(record) });
const linkedOf = async (record: { access_token: string }) =>
  ((await (await call("/users/self/links/telegram", { headers: authHeaders(record) })).json()) as { linked: boolean })
    .linked;
const botUserOf = (id: string) => internal(`/users/tg/${id}`);
const firstContact = async (id: string) => {
  const res = await internal(`/users/tg/${id}`, { json: { name: "Бот" } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { user_id: number }).user_id;
};
const tgIdentities = (userId: number) =>
  env.DB.prepare("SELECT provider_user_id AS id FROM identities WHERE user_id = ? AND provider = 'tg' ORDER BY id")
    .bind(userId)
    .all<{ id: string }>()
    .then((r) => r.results.map((row) => row.id));

describe("POST /internal/api/v2/users/{provider}/{externalId}/link-token", () => {
  it("answers a one-time link to /link/telegram, keeping only the token's hash", async () => {
    const res = await internal(`/users/tg/${telegramId()}/link-token`, { method: "POST" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; expires_at: string };
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP}/link/telegram`);
    const token = url.searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const minutes = (Date.parse(body.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const stored = await env.DB.prepare("SELECT token_hash FROM bot_link_tokens WHERE token_hash IN (?, ?)")
      .bind(sha256(token), token)
      .all<{ token_hash: string }>();
    expect(stored.results).toEqual([{ token_hash: sha256(token) }]);
  });

  it("needs the internal token", async () => {
    const id = telegramId();
    expect((await internal(`/users/tg/${id}/link-token`, { method: "POST", token: null })).status).toBe(401);
    expect((await internal(`/users/tg/${id}/link-token`, { method: "POST", token: "не тот" })).status).toBe(401);
  });

  it("answers 404 for a provider without links", async () => {
    for (const provider of ["vk", "max"]) {
      const res = await internal(`/users/${provider}/${telegramId()}/link-token`, { method: "POST" });
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Привязка по ссылке есть только для Telegram (tg)");
    }
  });
});

describe("POST /api/v2/users/self/links/telegram", () => {
  it("joins the Telegram id to the signed-in account: the bot's next call sees it", async () => {
    const account = await registerUser();
    const id = telegramId();
    expect(await linkedOf(account.record)).toBe(false);
    const res = await linkWeb(account.record, await linkToken(id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ linked: true });
    expect(await linkedOf(account.record)).toBe(true);
    const bot = await botUserOf(id);
    expect(await bot.json()).toMatchObject({ user_id: account.userId, email: account.email });
  });

  it("moves the link from the bot's own account while it has no chats, which stays as it was", async () => {
    const id = telegramId();
    const botOwn = await firstContact(id);
    const account = await registerUser();
    expect((await linkWeb(account.record, await linkToken(id))).status).toBe(200);
    expect(await tgIdentities(account.userId)).toEqual([id]);
    expect(await tgIdentities(botOwn)).toEqual([]);
    const left = await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(botOwn).first();
    expect(left).toEqual({ id: botOwn });
  });

  it("refuses with 409 when the Telegram's own account has chats, touching nothing", async () => {
    const id = telegramId();
    const botOwn = await firstContact(id);
    await insertTopic(botOwn);
    const account = await registerUser();
    const token = await linkToken(id);
    const res = await linkWeb(account.record, token);
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe(
      "Этот Telegram уже связан с другим аккаунтом Ясно, в котором есть чаты: привязать его к этому аккаунту нельзя",
    );
    expect(await tgIdentities(botOwn)).toEqual([id]);
    expect(await tgIdentities(account.userId)).toEqual([]);
    const row = await env.DB.prepare("SELECT used_at FROM bot_link_tokens WHERE token_hash = ?")
      .bind(sha256(token))
      .first();
    expect(row).toEqual({ used_at: null });
  });

  it("spends the link once: a second use answers 410, for the same or another account", async () => {
    const id = telegramId();
    const first = await registerUser();
    const other = await registerUser();
    const token = await linkToken(id);
    expect((await linkWeb(first.record, token)).status).toBe(200);
    for (const record of [first.record, other.record]) {
      const again = await linkWeb(record, token);
      expect(again.status).toBe(410);
      expect(await detailOf(again)).toBe(
        "Ссылка для привязки Telegram устарела или уже использована: отправьте боту /link ещё раз",
      );
    }
    expect(await tgIdentities(first.userId)).toEqual([id]);
    expect(await tgIdentities(other.userId)).toEqual([]);
  });

  it("answers 410 for an expired link and 400 for an unknown one", async () => {
    const account = await registerUser();
    const token = await linkToken(telegramId());
    await env.DB.prepare("UPDATE bot_link_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, sha256(token))
      .run();
    expect((await linkWeb(account.record, token)).status).toBe(410);
    const unknown = await linkWeb(account.record, "нет-такой-ссылки");
    expect(unknown.status).toBe(400);
    expect(await detailOf(unknown)).toBe("Ссылка для привязки Telegram недействительна: отправьте боту /link ещё раз");
    expect((await linkWeb(account.record, "")).status).toBe(422);
    expect(await linkedOf(account.record)).toBe(false);
  });

  it("needs a signed-in user", async () => {
    const token = await linkToken(telegramId());
    const res = await call("/users/self/links/telegram", { json: { token } });
    expect(res.status).toBe(401);
  });

  it("replaces the account's earlier Telegram and never touches another account's", async () => {
    const [oldId, newId, theirsId] = [telegramId(), telegramId(), telegramId()];
    const account = await registerUser();
    const someoneElse = await registerUser();
    expect((await linkWeb(someoneElse.record, await linkToken(theirsId))).status).toBe(200);
    expect((await linkWeb(account.record, await linkToken(oldId))).status).toBe(200);
    expect((await linkWeb(account.record, await linkToken(newId))).status).toBe(200);
    expect(await tgIdentities(account.userId)).toEqual([newId]);
    expect(await tgIdentities(someoneElse.userId)).toEqual([theirsId]);
    expect((await botUserOf(oldId)).status).toBe(404);
  });
});

/** Widget data signed as Telegram's servers sign it: an account whose only way in is Telegram. */
async function telegramOnlyAccount(id: string) {
  const fields: Record<string, string> = { id, first_name: "Анна", auth_date: String(Math.floor(Date.now() / 1000)) };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(env.TELEGRAM_BOT_TOKEN!).digest();
  fields.hash = createHmac("sha256", secret).update(check).digest("hex");
  const res = await call(`/users/tg/auth?${new URLSearchParams(fields)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string };
}

describe("DELETE /api/v2/users/self/links/telegram", () => {
  it("unlinks: the bot no longer finds the account, and a second call answers 404", async () => {
    const id = telegramId();
    const account = await registerUser();
    expect((await linkWeb(account.record, await linkToken(id))).status).toBe(200);
    const unlink = () => call("/users/self/links/telegram", { method: "DELETE", headers: authHeaders(account.record) });
    expect((await unlink()).status).toBe(204);
    expect(await linkedOf(account.record)).toBe(false);
    expect((await botUserOf(id)).status).toBe(404);
    const again = await unlink();
    expect(again.status).toBe(404);
    expect(await detailOf(again)).toBe("Telegram не привязан к аккаунту");
  });

  it("refuses when Telegram is the account's only way in", async () => {
    const record = await telegramOnlyAccount(telegramId());
    const res = await call("/users/self/links/telegram", { method: "DELETE", headers: authHeaders(record) });
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe(
      "Нельзя отвязать Telegram: это единственный способ войти в аккаунт. Сначала задайте e-mail и пароль",
    );
    expect(await linkedOf(record)).toBe(true);
  });

  it("needs a signed-in user", async () => {
    expect((await call("/users/self/links/telegram", { method: "DELETE" })).status).toBe(401);
  });
});

describe("the nightly clean-up", () => {
  it("drops link tokens expired more than a day ago, and keeps the rest", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const [old, recent, live] = await Promise.all([1, 2, 3].map(() => linkToken(telegramId())));
    const expire = (token: string, at: number) =>
      env.DB.prepare("UPDATE bot_link_tokens SET expires_at = ? WHERE token_hash = ?").bind(at, sha256(token)).run();
    await expire(old, now - 2 * day);
    await expire(recent, now - 60_000);
    await runCron(env, now);
    const left = await env.DB.prepare("SELECT token_hash FROM bot_link_tokens WHERE token_hash IN (?, ?, ?)")
      .bind(sha256(old), sha256(recent), sha256(live))
      .all<{ token_hash: string }>();
    expect(left.results.map((r) => r.token_hash).sort()).toEqual([sha256(recent), sha256(live)].sort());
  });
});
