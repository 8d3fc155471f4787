import { SELF } from "cloudflare:test";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { type AuthRecord, authHeaders, call, registerUser, uniqueIp } from "./helpers";

// The account's list of sessions (docs/accounts.md "Sessions"): device, country, last use; ending
// one or every other one ends their access tokens at the next request.
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";

type SessionInfo = {
  id: string;
  device: string | null;
  country: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
};

/** A sign-in from a phone in Germany, as Cloudflare hands it to the Worker (`request.cf.country`). */
async function loginFromPhone(email: string, password: string): Promise<AuthRecord> {
  const res = await SELF.fetch("http://app.test/api/v2/users/login", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": FIREFOX_ANDROID, "cf-connecting-ip": uniqueIp() },
    body: JSON.stringify({ email, password }),
    cf: { country: "DE" },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const list = async (record: AuthRecord) => {
  const res = await call("/users/self/sessions", { headers: authHeaders(record) });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionInfo[];
};
const sid = (record: AuthRecord) => decodeJwt(record.access_token).sid as string;
const selfStatus = async (record: AuthRecord) => (await call("/users/self", { headers: authHeaders(record) })).status;

describe("the account's sessions", () => {
  it("lists the live ones with device, country and last use, the caller's marked", async () => {
    const { record, email, password } = await registerUser();
    const phone = await loginFromPhone(email, password);
    const sessions = await list(record);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.id === sid(phone))).toMatchObject({
      device: "Firefox, Android",
      country: "DE",
      current: false,
      last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(sessions.find((s) => s.id === sid(record))).toMatchObject({ current: true });
  });

  it("a refresh is a use: it moves the session's last use", async () => {
    const { record } = await registerUser();
    const [before] = await list(record);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await call("/users/token/refresh", {
      method: "POST",
      headers: { "jwt-token": record.access_token, "refresh-token": record.refresh_token },
    });
    expect(res.status).toBe(200);
    const [after] = await list({ ...record, ...((await res.json()) as AuthRecord) });
    expect(Date.parse(after!.last_used_at)).toBeGreaterThan(Date.parse(before!.last_used_at));
  });

  it("ends one: its token stops, the others go on; another user's session is 404", async () => {
    const { record, email, password } = await registerUser();
    const phone = await loginFromPhone(email, password);
    const stranger = await registerUser();
    const foreign = await call(`/users/self/sessions/${sid(stranger.record)}`, {
      method: "DELETE",
      headers: authHeaders(record),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: "Сеанс не найден" });
    expect(await selfStatus(stranger.record)).toBe(200);

    const ended = await call(`/users/self/sessions/${sid(phone)}`, { method: "DELETE", headers: authHeaders(record) });
    expect(ended.status).toBe(204);
    expect(await selfStatus(phone)).toBe(401);
    expect(await selfStatus(record)).toBe(200);
    expect((await list(record)).map((s) => s.id)).toEqual([sid(record)]);
    const again = await call(`/users/self/sessions/${sid(phone)}`, { method: "DELETE", headers: authHeaders(record) });
    expect(again.status).toBe(404);
  });

  it("«Завершить другие сеансы» ends every other session and their refresh tokens, not the caller's", async () => {
    const { record, email, password } = await registerUser();
    const phone = await loginFromPhone(email, password);
    const laptop = await loginFromPhone(email, password);
    const res = await call("/users/self/sessions", { method: "DELETE", headers: authHeaders(record) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await selfStatus(phone)).toBe(401);
    expect(await selfStatus(laptop)).toBe(401);
    expect(await selfStatus(record)).toBe(200);
    const refresh = await call("/users/token/refresh", {
      method: "POST",
      headers: { "jwt-token": phone.access_token, "refresh-token": phone.refresh_token },
    });
    expect(refresh.status).toBe(401);
    expect((await list(record)).map((s) => s.current)).toEqual([true]);
  });
});
