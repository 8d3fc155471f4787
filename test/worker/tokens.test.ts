import { env } from "cloudflare:test";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { REFRESH_REUSE_GRACE_MS } from "../../worker/accounts/services/sessions";
import { sha256Hex } from "../../worker/accounts/services/opaque-tokens";
import { authHeaders, call, login, refreshHeaders, registerUser, type AuthRecord } from "./helpers";

const key = (secret: string) => new TextEncoder().encode(secret);

/** The claims of a real token, re-signed as the test says. */
async function forge(
  record: AuthRecord,
  opts: { secret?: string; exp?: number; claims?: Record<string, unknown> } = {},
) {
  const { sub, role, ver, sid, jti, iss, aud, exp } = decodeJwt(record.access_token);
  return new SignJWT({ role, ver, sid, ...opts.claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub!)
    .setJti(jti!)
    .setIssuer(iss!)
    .setAudience(aud as string)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? exp!)
    .sign(key(opts.secret ?? env.JWT_SECRET));
}

const self = (token: string) => call("/users/self", { headers: { "jwt-token": token } });
const refresh = (access: string, refreshToken: string) =>
  call("/users/token/refresh", { method: "POST", headers: { "jwt-token": access, "refresh-token": refreshToken } });
const past = () => Math.floor(Date.now() / 1000) - 60;

const sessionOf = (record: AuthRecord) => decodeJwt(record.access_token).sid as string;
const revokedAt = async (sid: string) =>
  (await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?")
    .bind(sid)
    .first<{ revoked_at: number | null }>())!.revoked_at;
const liveTokens = async (sid: string) =>
  (
    await env.DB.prepare("SELECT token_hash FROM refresh_tokens WHERE session_id = ? AND rotated_at IS NULL")
      .bind(sid)
      .all<{ token_hash: string }>()
  ).results.map((r) => r.token_hash);
const rotatedAt = async (token: string) =>
  (await env.DB.prepare("SELECT rotated_at FROM refresh_tokens WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ rotated_at: number | null }>())!.rotated_at;

describe("access tokens", () => {
  it("a token re-signed with our secret and the same claims works (the forging helper is sound)", async () => {
    const { record } = await registerUser();
    expect((await self(await forge(record))).status).toBe(200);
  });

  it("refuses a tampered payload", async () => {
    const { record } = await registerUser();
    const [header, payload, signature] = record.access_token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url");
    const res = await self(`${header}.${tampered}.${signature}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Недействительный токен авторизации" });
  });

  it("refuses alg:none", async () => {
    const { record } = await registerUser();
    const claims = decodeJwt(record.access_token);
    const unsigned = new UnsecuredJWT(claims).encode();
    expect(unsigned.endsWith(".")).toBe(true);
    const res = await self(unsigned);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Недействительный токен авторизации" });
  });

  it("refuses a token signed with another secret", async () => {
    const { record } = await registerUser();
    const res = await self(await forge(record, { secret: "another-secret-that-is-long-enough-for-hs256" }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Недействительный токен авторизации" });
  });

  it("refuses another issuer or audience, and garbage", async () => {
    const { record } = await registerUser();
    const { sub, role, ver, sid } = decodeJwt(record.access_token);
    for (const [iss, aud] of [
      ["someone-else", "yasno-api"],
      ["yasno", "another-api"],
    ]) {
      const token = await new SignJWT({ role, ver, sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(sub!)
        .setJti("x")
        .setIssuer(iss!)
        .setAudience(aud!)
        .setExpirationTime("5m")
        .sign(key(env.JWT_SECRET));
      expect((await self(token)).status).toBe(401);
    }
    expect((await self("not-a-jwt")).status).toBe(401);
  });

  it("never outlives its session: a session's end is 30 days past the sign-in or refresh that signed the token", async () => {
    // The request path asks KV for revocations only (docs/accounts.md "Revocation"), not for the
    // session's end: a token must end first by construction.
    const { record } = await registerUser();
    const row = await env.DB.prepare("SELECT expires_at AS end FROM sessions WHERE id = ?")
      .bind(sessionOf(record))
      .first<{ end: number }>();
    expect(row!.end).toBeGreaterThan(decodeJwt(record.access_token).exp! * 1000 + 29 * 24 * 3600 * 1000);
  });

  it("refuses a well-signed token that names a session of another user", async () => {
    const { record } = await registerUser();
    const other = await registerUser();
    expect((await self(await forge(record, { claims: { sid: sessionOf(other.record) } }))).status).toBe(401);
  });

  it("refuses an expired token with its own Russian text", async () => {
    const { record } = await registerUser();
    const res = await self(await forge(record, { exp: past() }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Срок действия токена истёк" });
  });
});

describe("refresh", () => {
  it("rotates the refresh token on every call", async () => {
    const { record } = await registerUser();
    const res = await call("/users/token/refresh", { method: "POST", headers: refreshHeaders(record) });
    expect(res.status).toBe(200);
    const next = (await res.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(record.refresh_token);
    expect(decodeJwt(next.access_token).sid).toBe(decodeJwt(record.access_token).sid);
    expect(decodeJwt(next.access_token).jti).not.toBe(decodeJwt(record.access_token).jti);
    expect((await self(next.access_token)).status).toBe(200);
    const third = await refresh(next.access_token, next.refresh_token);
    expect(third.status).toBe(200);
  });

  it("slides the session's end 30 days past the latest refresh", async () => {
    const { record } = await registerUser();
    const sid = decodeJwt(record.access_token).sid;
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() + 60_000, sid)
      .run();
    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(200);
    const row = await env.DB.prepare("SELECT expires_at FROM sessions WHERE id = ?")
      .bind(sid)
      .first<{ expires_at: number }>();
    expect(Math.round((row!.expires_at - Date.now()) / 86_400_000)).toBe(30);
  });

  it("accepts an expired access token of ours", async () => {
    const { record } = await registerUser();
    const res = await refresh(await forge(record, { exp: past() }), record.refresh_token);
    expect(res.status).toBe(200);
  });

  it("refuses a forged access token even with a good refresh token", async () => {
    const { record } = await registerUser();
    expect(
      (
        await refresh(
          await forge(record, { secret: "another-secret-that-is-long-enough-for-hs256" }),
          record.refresh_token,
        )
      ).status,
    ).toBe(401);
    // The refresh token was not spent by that attempt.
    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(200);
  });

  it("refuses a refresh token of another session", async () => {
    const { email, password, record } = await registerUser();
    const other = await login(email, password);
    expect((await refresh(record.access_token, other.refresh_token)).status).toBe(401);
    expect((await refresh(other.access_token, other.refresh_token)).status).toBe(200);
  });

  it("refuses unknown and missing tokens", async () => {
    const { record } = await registerUser();
    const unknown = await refresh(record.access_token, "unknown-token");
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
    const missing = await call("/users/token/refresh", { method: "POST", headers: authHeaders(record) });
    expect(missing.status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const { record } = await registerUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, decodeJwt(record.access_token).sid)
      .run();
    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(401);
  });

  it("two refreshes at once with one token: both callers get a working session, nothing is withdrawn", async () => {
    const { record } = await registerUser();
    const results = await Promise.all([
      refresh(record.access_token, record.refresh_token),
      refresh(record.access_token, record.refresh_token),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [one, two] = (await Promise.all(results.map((r) => r.json()))) as AuthRecord[];
    expect(one!.refresh_token).not.toBe(two!.refresh_token);
    expect((await liveTokens(sessionOf(record))).sort()).toEqual(
      [await sha256Hex(one!.refresh_token), await sha256Hex(two!.refresh_token)].sort(),
    );

    // Each caller goes on with its own answer, in either order, and the session stays.
    for (const answer of [one!, two!]) {
      expect((await self(answer.access_token)).status).toBe(200);
      const next = await refresh(answer.access_token, answer.refresh_token);
      expect(next.status).toBe(200);
      expect((await self(((await next.json()) as AuthRecord).access_token)).status).toBe(200);
    }
    expect(await revokedAt(sessionOf(record))).toBeNull();
  });
});

describe("refresh: reuse of a rotated token", () => {
  it(
    "within the window, while its successor is unused, is a lost answer: a sibling token, the successor " + "kept",
    async () => {
      const { record } = await registerUser();
      const lost = await refresh(record.access_token, record.refresh_token);
      expect(lost.status).toBe(200);
      const b = (await lost.json()) as AuthRecord;

      // The answer never reached the browser: it presents the old token again.
      const again = await refresh(record.access_token, record.refresh_token);
      expect(again.status).toBe(200);
      const c = (await again.json()) as AuthRecord;
      expect(new Set([record.refresh_token, b.refresh_token, c.refresh_token]).size).toBe(3);
      expect(decodeJwt(c.access_token).sid).toBe(sessionOf(record));
      expect(await revokedAt(sessionOf(record))).toBeNull();
      expect((await liveTokens(sessionOf(record))).sort()).toEqual(
        [await sha256Hex(b.refresh_token), await sha256Hex(c.refresh_token)].sort(),
      );
      expect((await self(c.access_token)).status).toBe(200);

      // The session lives on through the new token...
      const d = await refresh(c.access_token, c.refresh_token);
      expect(d.status).toBe(200);
      expect((await self(((await d.json()) as AuthRecord).access_token)).status).toBe(200);
      // ...and through the successor, which was not withdrawn: whoever got that answer is not signed out.
      const e = await refresh(b.access_token, b.refresh_token);
      expect(e.status).toBe(200);
      expect((await self(((await e.json()) as AuthRecord).access_token)).status).toBe(200);
      expect(await revokedAt(sessionOf(record))).toBeNull();
    },
  );

  it("within the window, twice at once: both are answered with working tokens", async () => {
    const { record } = await registerUser();
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    const results = await Promise.all([
      refresh(record.access_token, record.refresh_token),
      refresh(record.access_token, record.refresh_token),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const answers = (await Promise.all(results.map((r) => r.json()))) as AuthRecord[];
    expect(await revokedAt(sessionOf(record))).toBeNull();
    for (const answer of [b, ...answers])
      expect((await refresh(answer.access_token, answer.refresh_token)).status).toBe(200);
    expect(await revokedAt(sessionOf(record))).toBeNull();
  });

  it("after its successor was used it is theft, though a sibling was issued before", async () => {
    const { record } = await registerUser();
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    const sibling = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    const c = (await (await refresh(b.access_token, b.refresh_token)).json()) as AuthRecord;

    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(401);
    expect(await revokedAt(sessionOf(record))).not.toBeNull();
    for (const holder of [c, sibling]) {
      expect((await refresh(holder.access_token, holder.refresh_token)).status).toBe(401);
      expect((await self(holder.access_token)).status).toBe(401);
    }
  });

  it("after its successor was used revokes the whole family, even within the window", async () => {
    const { record } = await registerUser();
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    const c = (await (await refresh(b.access_token, b.refresh_token)).json()) as AuthRecord;
    expect(Date.now() - (await rotatedAt(record.refresh_token))!).toBeLessThan(REFRESH_REUSE_GRACE_MS);

    // A thief replays the first (already rotated) refresh token.
    const replay = await refresh(record.access_token, record.refresh_token);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
    // The legitimate holder of the newest token is signed out as well.
    expect((await refresh(c.access_token, c.refresh_token)).status).toBe(401);
    expect(await revokedAt(sessionOf(record))).not.toBeNull();
    // The refused exchange issued nothing.
    expect(await liveTokens(sessionOf(record))).toEqual([await sha256Hex(c.refresh_token)]);
  });

  it("after the window revokes the whole family, though its successor is unused", async () => {
    const { record } = await registerUser();
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    const rotated = (await rotatedAt(record.refresh_token))!;
    await env.DB.prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?")
      .bind(rotated - REFRESH_REUSE_GRACE_MS - 1_000, await sha256Hex(record.refresh_token))
      .run();

    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(401);
    expect(await liveTokens(sessionOf(record))).toEqual([await sha256Hex(b.refresh_token)]);
    expect((await refresh(b.access_token, b.refresh_token)).status).toBe(401);
    expect(await revokedAt(sessionOf(record))).not.toBeNull();
  });

  it("a rotated token presented with another session's access token ends its own session", async () => {
    const { email, password, record } = await registerUser();
    const other = await login(email, password);
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    expect((await refresh(other.access_token, record.refresh_token)).status).toBe(401);
    expect(await revokedAt(sessionOf(record))).not.toBeNull();
    expect((await refresh(b.access_token, b.refresh_token)).status).toBe(401);
    // Theft detection ends the access tokens of that session as well.
    expect((await self(b.access_token)).status).toBe(401);
    expect((await self(other.access_token)).status).toBe(200);
    // The session whose access token was shown is not touched.
    expect((await refresh(other.access_token, other.refresh_token)).status).toBe(200);
  });

  it("within the window, of a revoked session, does not bring it back", async () => {
    const { record } = await registerUser();
    const b = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    expect((await call("/users/logout", { method: "POST", headers: authHeaders(b) })).status).toBe(200);
    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(401);
    expect(await liveTokens(sessionOf(record))).toEqual([await sha256Hex(b.refresh_token)]);
  });
});

describe("logout", () => {
  it("ends the session and the access token presented", async () => {
    const { record } = await registerUser();
    const res = await call("/users/logout", { method: "POST", headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const after = await self(record.access_token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
    expect((await refresh(record.access_token, record.refresh_token)).status).toBe(401);
  });

  it("ends every access token of the session, not only the one presented", async () => {
    const { record } = await registerUser();
    const t1 = (await (await refresh(record.access_token, record.refresh_token)).json()) as AuthRecord;
    expect((await self(record.access_token)).status).toBe(200);
    expect((await call("/users/logout", { method: "POST", headers: authHeaders(t1) })).status).toBe(200);
    // T0 has not expired and was never presented to logout: it ends with its session all the same.
    const stale = await self(record.access_token);
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ detail: "Сессия завершена, войдите снова" });
    expect((await self(t1.access_token)).status).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const { email, password, record } = await registerUser();
    const other = await login(email, password);
    await call("/users/logout", { method: "POST", headers: authHeaders(record) });
    expect((await self(other.access_token)).status).toBe(200);
    expect((await refresh(other.access_token, other.refresh_token)).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await call("/users/logout", { method: "POST" })).status).toBe(401);
  });
});
