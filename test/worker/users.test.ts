import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { SEEDED_HASH, SEEDED_PASSWORD, WEAK_HASH, WEAK_PASSWORD } from "./fixtures/password-hashes";
import { authHeaders, call, detailOf, login, registerUser, uniqueEmail, type AuthRecord } from "./helpers";

type Issue = { loc: (string | number)[]; msg: string; type: string };
const cyrillic = /[а-яё]/i;

describe("registration", () => {
  it("creates the account and answers 201 with the auth record", async () => {
    const email = uniqueEmail();
    const res = await call("/users/", {
      json: { consent: true, email: `  ${email.toUpperCase()} `, password: "надёжный-пароль", name: "  Анна " },
    });
    expect(res.status).toBe(201);
    const record = (await res.json()) as AuthRecord;
    expect(record).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      email,
      name: "Анна",
    });
    // The refresh token is opaque and at least 256 bits; only its SHA-256 is stored.
    expect(Buffer.from(record.refresh_token, "base64url").length).toBeGreaterThanOrEqual(32);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE token_hash = ?")
      .bind(record.refresh_token)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    const claims = decodeJwt(record.access_token);
    expect(claims).toMatchObject({ role: "user", ver: 0, iss: "yasno", aud: "yasno-api" });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(typeof claims.jti).toBe("string");
    expect(typeof claims.sid).toBe("string");
  });

  it("keeps utm tags given at registration", async () => {
    const email = uniqueEmail();
    const res = await call("/users/", {
      json: { consent: true, email, password: "надёжный-пароль", utm: { utm_source: "telegram" } },
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT utm, name FROM users WHERE email = ?")
      .bind(email)
      .first<{ utm: string; name: string | null }>();
    expect(JSON.parse(row!.utm)).toEqual({ utm_source: "telegram" });
    expect(row!.name).toBeNull();
  });

  it("answers 409 for an e-mail taken in any letter case", async () => {
    const { email } = await registerUser();
    const res = await call("/users/", {
      json: { consent: true, email: ` ${email.toUpperCase()}`, password: "другой-пароль-2" },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: "Пользователь с данным email уже зарегистрирован" });
  });

  it("answers 422 with Russian messages for bad input", async () => {
    const res = await call("/users/", { json: { consent: true, email: "не-почта", password: "short" } });
    expect(res.status).toBe(422);
    const detail = (await detailOf(res)) as Issue[];
    expect(detail.map((i) => i.loc)).toEqual(
      expect.arrayContaining([
        ["body", "email"],
        ["body", "password"],
      ]),
    );
    expect(detail.find((i) => i.loc[1] === "email")?.msg).toBe("Некорректный e-mail");
    expect(detail.find((i) => i.loc[1] === "password")?.msg).toBe("Пароль должен быть не короче 8 символов");

    const empty = await call("/users/", { json: {} });
    expect(empty.status).toBe(422);
    const missing = (await detailOf(empty)) as Issue[];
    expect(missing.find((i) => i.loc[1] === "email")?.msg).toBe("Укажите e-mail");
    expect(missing.find((i) => i.loc[1] === "password")?.msg).toBe("Укажите пароль");
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const res = await call("/users/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      json: undefined,
    });
    expect([400, 422]).toContain(res.status);
    expect(JSON.stringify(await res.json())).toMatch(cyrillic);
  });
});

describe("login", () => {
  it("signs in with the right password, any e-mail case, and opens a new session", async () => {
    const { email, password, record } = await registerUser();
    const again = await login(` ${email.toUpperCase()} `, password);
    expect(again.email).toBe(email);
    expect(decodeJwt(again.access_token).sid).not.toBe(decodeJwt(record.access_token).sid);
  });

  it("answers the same 401 for a wrong password, an unknown e-mail and a password-less account", async () => {
    const { email } = await registerUser();
    const external = uniqueEmail("external");
    await env.DB.prepare("INSERT INTO users (email, name) VALUES (?, 'Через Google')").bind(external).run();
    for (const body of [
      { email, password: "неверный-пароль" },
      { email: uniqueEmail("nobody"), password: "неверный-пароль" },
      { email: external, password: "неверный-пароль" },
    ]) {
      const res = await call("/users/login", { json: body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: "Неверный e-mail или пароль" });
    }
  });

  it("answers 422 for a missing password", async () => {
    const res = await call("/users/login", { json: { email: uniqueEmail() } });
    expect(res.status).toBe(422);
    expect(((await detailOf(res)) as Issue[])[0]).toMatchObject({ loc: ["body", "password"], msg: "Укажите пароль" });
    const empty = await call("/users/login", { json: { email: uniqueEmail(), password: "" } });
    expect(((await detailOf(empty)) as Issue[])[0]).toMatchObject({ loc: ["body", "password"], msg: "Введите пароль" });
  });

  it("verifies a hash written by scripts/lib/password.mjs", async () => {
    const email = uniqueEmail("seeded");
    await env.DB.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").bind(email, SEEDED_HASH).run();
    await login(email, SEEDED_PASSWORD);
    const wrong = await call("/users/login", { json: { email, password: `${SEEDED_PASSWORD}x` } });
    expect(wrong.status).toBe(401);
    // Current parameters: nothing to upgrade.
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?")
      .bind(email)
      .first<{ password_hash: string }>();
    expect(row!.password_hash).toBe(SEEDED_HASH);
  });

  it("upgrades a hash with old parameters at login", async () => {
    const email = uniqueEmail("weak");
    await env.DB.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").bind(email, WEAK_HASH).run();
    await login(email, WEAK_PASSWORD);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?")
      .bind(email)
      .first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    await login(email, WEAK_PASSWORD);
  });
});

describe("self", () => {
  it("returns the signed-in user", async () => {
    const { email, record, userId } = await registerUser({ name: "Борис" });
    const res = await call("/users/self", { headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const self = (await res.json()) as Record<string, unknown>;
    expect(self).toEqual({
      id: userId,
      email,
      name: "Борис",
      role: "user",
      created_at: expect.any(String),
      has_password: true,
    });
    expect(Number.isNaN(Date.parse(self.created_at as string))).toBe(false);
  });

  it("answers 401 without a token", async () => {
    const res = await call("/users/self");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Требуется авторизация" });
  });

  it("answers 401 once the user is gone", async () => {
    const { record, userId } = await registerUser();
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(userId).run();
    const res = await call("/users/self", { headers: authHeaders(record) });
    expect(res.status).toBe(401);
  });
});

describe("changing the account", () => {
  it("changes the name at once; a new e-mail waits for its link (test/worker/account-changes.test.ts)", async () => {
    const { record, userId, email: old, password } = await registerUser();
    const email = uniqueEmail("new");
    const res = await call("/users/", {
      method: "PATCH",
      json: { name: "Вера", email: email.toUpperCase(), current_password: password },
      headers: authHeaders(record),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: userId, email: old, name: "Вера", pending_email: email });
    const self = await call("/users/self", { headers: authHeaders(record) });
    expect(await self.json()).toMatchObject({ email: old, name: "Вера" });
  });

  it("answers 409 for an e-mail that belongs to someone else", async () => {
    const other = await registerUser();
    const { record, email, password } = await registerUser();
    const res = await call("/users/", {
      method: "PATCH",
      json: { email: other.email, current_password: password },
      headers: authHeaders(record),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: "Пользователь с данным email уже зарегистрирован" });
    const self = await call("/users/self", { headers: authHeaders(record) });
    expect(await self.json()).toMatchObject({ email });
  });

  it("answers 422 for an empty change and for a short password, 401 without a token", async () => {
    const { record } = await registerUser();
    const empty = await call("/users/", { method: "PATCH", json: {}, headers: authHeaders(record) });
    expect(empty.status).toBe(422);
    expect(((await detailOf(empty)) as Issue[])[0]!.msg).toBe("Укажите email, name или password");
    const short = await call("/users/", { method: "PATCH", json: { password: "123" }, headers: authHeaders(record) });
    expect(short.status).toBe(422);
    const anonymous = await call("/users/", { method: "PATCH", json: { name: "x" } });
    expect(anonymous.status).toBe(401);
  });

  it("a new password ends the other sessions and keeps the caller signed in", async () => {
    const { email, password, record: here } = await registerUser();
    const elsewhere = await login(email, password);

    const res = await call("/users/", {
      method: "PATCH",
      json: { password: "новый-пароль-123", current_password: password },
      headers: authHeaders(here),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { email: string; access_token: string };
    expect(body.email).toBe(email);
    expect(decodeJwt(body.access_token)).toMatchObject({ ver: 1, sid: decodeJwt(here.access_token).sid });

    // Every access token issued before the change stops working, the other device's at once.
    expect((await call("/users/self", { headers: authHeaders(elsewhere) })).status).toBe(401);
    expect((await call("/users/self", { headers: authHeaders(here) })).status).toBe(401);
    // The caller goes on with the new access token and its own refresh token.
    expect((await call("/users/self", { headers: { "jwt-token": body.access_token } })).status).toBe(200);
    const refreshed = await call("/users/token/refresh", {
      method: "POST",
      headers: { "jwt-token": body.access_token, "refresh-token": here.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    // The other device's session is over.
    const theirs = await call("/users/token/refresh", {
      method: "POST",
      headers: { "jwt-token": elsewhere.access_token, "refresh-token": elsewhere.refresh_token },
    });
    expect(theirs.status).toBe(401);
    // Old password out, new one in.
    expect((await call("/users/login", { json: { email, password } })).status).toBe(401);
    await login(email, "новый-пароль-123");
  });
});

describe("API description", () => {
  it("lists the accounts routes in the OpenAPI document", async () => {
    const doc = (await (await call("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ["/api/v2/users", "post"],
      ["/api/v2/users", "patch"],
      ["/api/v2/users/login", "post"],
      ["/api/v2/users/self", "get"],
      ["/api/v2/users/token/refresh", "post"],
      ["/api/v2/users/logout", "post"],
      ["/api/v2/users/password/forgot", "post"],
      ["/api/v2/users/password/recovery", "post"],
      ["/api/v2/mail/outbox", "get"],
    ] as const) {
      const entry = doc.paths[path] ?? doc.paths[`${path}/`];
      expect(entry?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
