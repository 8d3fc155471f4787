import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_CHECK_CACHE_MS } from "../../worker/accounts/services/session-check-cache";
import { authHeaders, call, createAdmin, registerUser } from "./helpers";

// The session check (docs/scale.md): a read may trust this isolate's check of the last few seconds,
// a call that changes anything asks D1; writers in this isolate forget what they change.
afterEach(() => vi.useRealTimers());

const self = (record: { access_token: string }) => call("/users/self", { headers: authHeaders(record) });
const sidOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
/** What another isolate's logout leaves in D1: the session ended, this isolate not told. */
const endSessionElsewhere = (token: string) =>
  env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(Date.now(), sidOf(token)).run();

describe("the session check", () => {
  it("a logout in this isolate ends the token for reads at once, although it was just checked", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    expect((await call("/users/logout", { method: "POST", headers: authHeaders(record) })).status).toBe(200);
    expect((await self(record)).status).toBe(401);
  });

  it("a session ended elsewhere: reads trust this isolate's check for SESSION_CHECK_CACHE_MS, not longer", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await endSessionElsewhere(record.access_token);
    expect((await self(record)).status).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CHECK_CACHE_MS);
    expect((await self(record)).status).toBe(401);
  });

  it("a session ended elsewhere: the export of all the account's data asks D1, so it is refused at once", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    await endSessionElsewhere(record.access_token);
    const exported = await call("/users/self/export", { headers: authHeaders(record) });
    expect(exported.status).toBe(401);
    expect(await exported.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
  });

  it("a session ended elsewhere: a write asks D1 and is refused at once, and the reads after it too", async () => {
    const { record } = await registerUser();
    expect((await self(record)).status).toBe(200);
    await endSessionElsewhere(record.access_token);
    const write = await call("/users/", { method: "PATCH", json: { name: "Новое имя" }, headers: authHeaders(record) });
    expect(write.status).toBe(401);
    expect((await self(record)).status).toBe(401);
  });

  it("a profile change is read back at once by the same session and by the user's other sessions", async () => {
    const { record, email } = await registerUser({ password: "password-123" });
    const other = await (await call("/users/login", { json: { email, password: "password-123" } })).json<{
      access_token: string;
    }>();
    expect(await (await self(other)).json()).toMatchObject({ email });
    const patched = await call("/users/", { method: "PATCH", json: { name: "Пётр" }, headers: authHeaders(record) });
    expect(patched.status).toBe(200);
    expect(await (await self(record)).json()).toMatchObject({ name: "Пётр" });
    expect(await (await self(other)).json()).toMatchObject({ name: "Пётр" });
  });

  it("an admin's block ends the user's reads at once in this isolate", async () => {
    const admin = await createAdmin();
    const { record, userId } = await registerUser();
    expect((await self(record)).status).toBe(200);
    const blocked = await call(`/users/${userId}/block`, { method: "POST", headers: authHeaders(admin.record) });
    expect(blocked.status).toBe(200);
    expect((await self(record)).status).toBe(401);
  });
});
