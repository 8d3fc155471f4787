import { env, SELF } from "cloudflare:test";
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  authHeaders,
  call,
  createAdmin,
  login,
  refreshHeaders,
  registerUser,
  uniqueIp,
  type AuthRecord,
} from "./helpers";

const BLOCKED = "Аккаунт заблокирован. Обратитесь в поддержку";

const block = (admin: AuthRecord, id: number | string) =>
  call(`/users/${id}/block`, { method: "POST", headers: authHeaders(admin) });
const unblock = (admin: AuthRecord, id: number | string) =>
  call(`/users/${id}/unblock`, { method: "POST", headers: authHeaders(admin) });
const self = (record: AuthRecord) => call("/users/self", { headers: authHeaders(record) });
const refresh = (record: AuthRecord) =>
  call("/users/token/refresh", { method: "POST", headers: refreshHeaders(record) });

function bot(path: string, json?: unknown): Promise<Response> {
  return SELF.fetch(`http://app.test/internal/api/v2${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: {
      "internal-token": "test-internal-token",
      "cf-connecting-ip": uniqueIp(),
      ...(json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** Telegram Login Widget data signed as Telegram's servers sign it. */
function telegramWidget(id: string): Record<string, string> {
  const fields: Record<string, string> = { id, first_name: "Анна", auth_date: String(Math.floor(Date.now() / 1000)) };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(env.TELEGRAM_BOT_TOKEN!).digest();
  return { ...fields, hash: createHmac("sha256", secret).update(check).digest("hex") };
}

describe("admin block", () => {
  it("ends every token of every session at once and refuses sign-in and refresh with a Russian 403", async () => {
    const { email, password, record: phone, userId } = await registerUser();
    const laptop = await login(email, password);
    // An older access token of the same session, still unexpired.
    const rotated = (await (await refresh(phone)).json()) as AuthRecord;
    const admin = await createAdmin();

    const res = await block(admin.record, userId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; email: string; blocked_at: string };
    expect(body).toMatchObject({ id: userId, email });
    expect(Number.isNaN(Date.parse(body.blocked_at))).toBe(false);

    for (const record of [phone, rotated, laptop]) expect((await self(record)).status).toBe(401);
    for (const record of [rotated, laptop]) {
      const again = await refresh(record);
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({ detail: BLOCKED });
    }
    const signIn = await call("/users/login", { json: { email, password } });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toEqual({ detail: BLOCKED });
    // Only the password's owner learns of the block: a wrong password is the usual 401.
    expect((await call("/users/login", { json: { email, password: "не тот пароль" } })).status).toBe(401);
  });

  it("an unblock lets the user sign in again; the ended sessions stay ended", async () => {
    const { email, password, record, userId } = await registerUser();
    const admin = await createAdmin();
    expect((await block(admin.record, userId)).status).toBe(200);
    const res = await unblock(admin.record, userId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: userId, blocked_at: null });

    expect((await refresh(record)).status).toBe(401);
    const fresh = await login(email, password);
    expect((await self(fresh)).status).toBe(200);
  });

  it("is for admins only, on existing users named by decimal ids, and never on oneself", async () => {
    const target = await registerUser();
    const user = await registerUser();
    const admin = await createAdmin();
    const adminId = Number(((await (await self(admin.record)).json()) as { id: number }).id);

    const byUser = await block(user.record, target.userId);
    expect(byUser.status).toBe(403);
    expect(await byUser.json()).toEqual({ detail: "Недостаточно прав" });
    expect((await call(`/users/${target.userId}/block`, { method: "POST" })).status).toBe(401);
    expect((await unblock(user.record, target.userId)).status).toBe(403);

    const unknown = await block(admin.record, 999_999_999);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: "Пользователь не найден" });
    expect((await unblock(admin.record, 999_999_999)).status).toBe(404);
    expect((await block(admin.record, `0x${target.userId.toString(16)}`)).status).toBe(404);

    const own = await block(admin.record, adminId);
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ detail: "Нельзя заблокировать собственный аккаунт" });
    // None of the refused calls blocked anyone.
    expect((await self(target.record)).status).toBe(200);
    expect((await self(admin.record)).status).toBe(200);
  });

  it("blocking twice keeps the first time", async () => {
    const { userId } = await registerUser();
    const admin = await createAdmin();
    const first = (await (await block(admin.record, userId)).json()) as { blocked_at: string };
    const second = (await (await block(admin.record, userId)).json()) as { blocked_at: string };
    expect(second.blocked_at).toBe(first.blocked_at);
  });

  it("Telegram sign-in of a blocked user answers 403", async () => {
    const fields = telegramWidget(`${Date.now()}`.slice(-9));
    const tgAuth = () => call(`/users/tg/auth?${new URLSearchParams(fields)}`);
    const first = await tgAuth();
    expect(first.status).toBe(200);
    const record = (await first.json()) as AuthRecord;
    const { id } = (await (await self(record)).json()) as { id: number };
    const admin = await createAdmin();
    expect((await block(admin.record, id)).status).toBe(200);

    const again = await tgAuth();
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ detail: BLOCKED });
  });

  it("the bots' API refuses a blocked user with the same 403", async () => {
    const externalId = String(Math.floor(Math.random() * 1e12));
    const created = await bot(`/users/tg/${externalId}`, { name: "Бот" });
    expect(created.status).toBe(201);
    const { user_id } = (await created.json()) as { user_id: number };
    const admin = await createAdmin();
    expect((await block(admin.record, user_id)).status).toBe(200);

    for (const res of [
      await bot(`/users/tg/${externalId}`),
      await bot(`/users/tg/${externalId}`, { name: "Бот" }),
      await bot(`/limits/tg/${externalId}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ detail: BLOCKED });
    }

    // Linking a bot account to a blocked password account is refused too (after the password).
    const account = await registerUser();
    expect((await block(admin.record, account.userId)).status).toBe(200);
    const link = await bot(`/users/vk/${externalId}/link`, { email: account.email, password: account.password });
    expect(link.status).toBe(403);
    expect(await link.json()).toEqual({ detail: BLOCKED });
    expect(
      (await bot(`/users/vk/${externalId}/link`, { email: account.email, password: "не тот пароль" })).status,
    ).toBe(401);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await call("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).filter((p) => /block/.test(p))).toEqual([
      "/api/v2/users/{id}/block",
      "/api/v2/users/{id}/unblock",
    ]);
  });
});
