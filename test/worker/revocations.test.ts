import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REVOCATION_MEMO_MS, REVOCATION_TTL_SECONDS } from "../../worker/accounts/services/revocations";
import { type AuthRecord, authHeaders, call, createAdmin, login, refreshHeaders, registerUser } from "./helpers";

// Revocations in KV (docs/accounts.md "Revocation"): every event that ends tokens writes KV, and a
// signed-in request reads KV, not D1. The isolate that revoked knows at once; another isolate's
// revocation is read from KV once this isolate's memo of KV's last answer runs out.
afterEach(() => vi.useRealTimers());

const self = (record: Pick<AuthRecord, "access_token">) => call("/users/self", { headers: authHeaders(record) });
const claims = (record: Pick<AuthRecord, "access_token">) =>
  decodeJwt(record.access_token) as { sid: string; ver: number; sub: string };
const refresh = (record: AuthRecord) =>
  call("/users/token/refresh", { method: "POST", headers: refreshHeaders(record) });

async function expectEnded(record: Pick<AuthRecord, "access_token">) {
  const res = await self(record);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
}

/** Lets this isolate's memo of KV's answers run out, as if the next request came a little later. */
function afterMemo() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REVOCATION_MEMO_MS });
}

describe("each revocation ends the session's access tokens on the next request", () => {
  it("a logout: the token presented and an older one of the same session", async () => {
    const { record } = await registerUser();
    const next = (await (await refresh(record)).json()) as AuthRecord;
    expect((await self(record)).status).toBe(200);
    expect((await call("/users/logout", { method: "POST", headers: authHeaders(next) })).status).toBe(200);
    await expectEnded(record);
    await expectEnded(next);
  });

  it("a refresh token replayed after its successor was used (theft) ends its session", async () => {
    const { record } = await registerUser();
    const next = (await (await refresh(record)).json()) as AuthRecord;
    expect((await refresh(next)).status).toBe(200);
    expect((await self(next)).status).toBe(200);
    expect((await refresh(record)).status).toBe(401);
    await expectEnded(next);
  });

  it("a password change ends the other sessions and the caller's older token; the new token works", async () => {
    const { record, email, password } = await registerUser();
    const other = await login(email, password);
    expect((await self(other)).status).toBe(200);
    const res = await call("/users/", {
      method: "PATCH",
      json: { password: "новый-пароль-123", current_password: password },
      headers: authHeaders(record),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    await expectEnded(other);
    await expectEnded(record);
    expect((await self({ access_token })).status).toBe(200);
  });

  it("an admin's block and an account deleted end every session", async () => {
    const admin = await createAdmin();
    const blocked = await registerUser();
    const second = await login(blocked.email, blocked.password);
    expect(
      (await call(`/users/${blocked.userId}/block`, { method: "POST", headers: authHeaders(admin.record) })).status,
    ).toBe(200);
    await expectEnded(blocked.record);
    await expectEnded(second);

    const gone = await registerUser();
    const deleted = await call("/users/self", {
      method: "DELETE",
      json: { password: gone.password },
      headers: authHeaders(gone.record),
    });
    expect(deleted.status).toBe(204);
    await expectEnded(gone.record);
  });

  it("each event is written to KV with the access token's lifetime as its TTL", async () => {
    const { record, userId, email, password } = await registerUser();
    const other = await login(email, password);
    const before = Math.floor(Date.now() / 1000);
    expect((await call("/users/self/sessions", { method: "DELETE", headers: authHeaders(record) })).status).toBe(200);
    await call("/users/", {
      method: "PATCH",
      json: { password: "новый-пароль-123", current_password: password },
      headers: authHeaders(record),
    });
    const { keys } = await env.KV.list({ prefix: "revoked:" });
    const written = keys.filter(
      (k) => k.name === `revoked:session:${claims(other).sid}` || k.name === `revoked:user:${userId}`,
    );
    expect(written).toHaveLength(2);
    for (const key of written) {
      expect(key.expiration).toBeGreaterThanOrEqual(before + REVOCATION_TTL_SECONDS);
      expect(key.expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + REVOCATION_TTL_SECONDS + 1);
    }
    expect(await env.KV.get(`revoked:user:${userId}`)).toBe(String(claims(record).ver + 1));
  });
});

describe("a revocation made in another isolate, read from KV", () => {
  it("a token never checked here is refused at once", async () => {
    const { record } = await registerUser();
    await env.KV.put(`revoked:session:${claims(record).sid}`, "1", { expirationTtl: REVOCATION_TTL_SECONDS });
    await expectEnded(record);
  });

  it("a token checked here a moment ago is refused once the memo of KV's answer runs out", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    await env.KV.put(`revoked:session:${claims(record).sid}`, "1", { expirationTtl: REVOCATION_TTL_SECONDS });
    afterMemo();
    await expectEnded(record);
  });

  it("a token version bump ends older tokens and not newer ones", async () => {
    const { record, userId } = await registerUser();
    expect((await self(record)).status).toBe(200);
    const { ver } = claims(record);
    await env.KV.put(`revoked:user:${userId}`, String(ver + 1), { expirationTtl: REVOCATION_TTL_SECONDS });
    await env.DB.prepare("UPDATE users SET token_version = ? WHERE id = ?")
      .bind(ver + 1, userId)
      .run();
    afterMemo();
    await expectEnded(record);
    const fresh = (await (await refresh(record)).json()) as AuthRecord;
    expect(claims(fresh).ver).toBe(ver + 1);
    expect((await self(fresh)).status).toBe(200);
  });

  it("the account's export checks D1 too, so a session ended there is refused at once", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(Date.now(), claims(record).sid).run();
    const exported = await call("/users/self/export", { headers: authHeaders(record) });
    expect(exported.status).toBe(401);
    expect(await exported.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
  });

  it("a profile change is read back at once by the same session and by the user's other sessions", async () => {
    const { record, email, password } = await registerUser();
    const other = await login(email, password);
    expect(await (await self(other)).json()).toMatchObject({ email });
    const patched = await call("/users/", { method: "PATCH", json: { name: "Пётр" }, headers: authHeaders(record) });
    expect(patched.status).toBe(200);
    expect(await (await self(record)).json()).toMatchObject({ name: "Пётр" });
    expect(await (await self(other)).json()).toMatchObject({ name: "Пётр" });
  });
});
