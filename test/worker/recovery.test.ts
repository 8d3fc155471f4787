import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REDACTED } from "../../worker/accounts/services/mail";
import { useFakeMail } from "./fakes/mail";
import {
  authHeaders,
  call,
  detailOf,
  login,
  refreshHeaders,
  registerUser,
  uniqueEmail,
  type AuthRecord,
} from "./helpers";

type OutboxRow = { id: number; to: string; subject: string; text: string; html: string | null; status: string };

const forgot = (email: string, ip?: string) =>
  call(`/users/password/forgot?email=${encodeURIComponent(email)}`, { method: "POST", ip });
const recover = (recovery_hash: string, password: string, confirm_password = password) =>
  call("/users/password/recovery", { json: { recovery_hash, password, confirm_password } });

const outboxFor = async (email: string) =>
  (await env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ? ORDER BY id DESC').bind(email).all<OutboxRow>())
    .results;

const mail = useFakeMail();

/** The letter goes out in the background (waitUntil) after the answer: the fake waits for it. */
const recoveryLink = (email: string) => mail.linkIn(email, /http:\/\/localhost:8787\/recovery\/([A-Za-z0-9_-]+)/);

describe("forgot password", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const { email } = await registerUser({ name: "Галина" });
    const unknown = uniqueEmail("nobody");
    const known = await forgot(email.toUpperCase());
    const missing = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    const body = await known.json();
    expect(await missing.json()).toEqual(body);
    expect(body).toEqual({ detail: expect.stringMatching(/письмо/) });

    const token = await recoveryLink(email);
    const [letter] = mail.lettersTo(email);
    expect(letter).toMatchObject({ subject: "Восстановление пароля в «Ясно»" });
    expect(letter!.text).toContain("Здравствуйте, Галина!");
    expect(letter!.text).toContain("один час");
    expect(letter!.html).toContain(`href="http://localhost:8787/recovery/${token}"`);
    // The outbox keeps the letter without the link's token.
    const [stored] = await outboxFor(email);
    expect(stored).toMatchObject({ subject: "Восстановление пароля в «Ясно»", status: "sent" });
    expect(stored!.text).toContain(`/recovery/${REDACTED}`);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The link is ≥256 bits and only its SHA-256 is stored.
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    const plain = await env.DB.prepare("SELECT count(*) AS n FROM recovery_tokens WHERE token_hash = ?")
      .bind(token)
      .first<{ n: number }>();
    expect(plain!.n).toBe(0);
    const row = await env.DB.prepare(
      "SELECT rt.expires_at - rt.created_at AS ttl FROM recovery_tokens rt JOIN users u ON u.id = rt.user_id WHERE " +
        "u.email = ?",
    )
      .bind(email)
      .first<{ ttl: number }>();
    expect(Math.round(row!.ttl / 60_000)).toBe(60);

    expect(await outboxFor(unknown)).toEqual([]);
    expect(mail.lettersTo(unknown)).toEqual([]);
  });

  it("answers 422 for a missing or malformed e-mail", async () => {
    const res = await call("/users/password/forgot", { method: "POST" });
    expect(res.status).toBe(422);
    expect(((await detailOf(res)) as { loc: string[] }[])[0]!.loc).toEqual(["query", "email"]);
    expect((await forgot("не-почта")).status).toBe(422);
  });
});

describe("password recovery", () => {
  it("sets the password, ends every session and signs in anew", async () => {
    const { email, password, record } = await registerUser();
    const other = await login(email, password);
    await forgot(email);
    const token = await recoveryLink(email);

    const res = await recover(token, "восстановленный-1");
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as AuthRecord;
    expect(fresh.email).toBe(email);
    expect((await call("/users/self", { headers: authHeaders(fresh) })).status).toBe(200);

    for (const old of [record, other]) {
      expect((await call("/users/self", { headers: authHeaders(old) })).status).toBe(401);
      expect((await call("/users/token/refresh", { method: "POST", headers: refreshHeaders(old) })).status).toBe(401);
    }
    expect((await call("/users/login", { json: { email, password } })).status).toBe(401);
    await login(email, "восстановленный-1");
  });

  it("works once: a used link answers 400", async () => {
    const { email } = await registerUser();
    await forgot(email);
    const token = await recoveryLink(email);
    expect((await recover(token, "первый-пароль-1")).status).toBe(200);
    const again = await recover(token, "второй-пароль-2");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: "Ссылка для восстановления недействительна или устарела" });
    await login(email, "первый-пароль-1");
  });

  it("of two parallel uses of one link exactly one succeeds", async () => {
    const { email } = await registerUser();
    await forgot(email);
    const token = await recoveryLink(email);
    const results = await Promise.all([recover(token, "параллельный-1"), recover(token, "параллельный-2")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("an expired link answers 400 and leaves the password as it was", async () => {
    const { email, password } = await registerUser();
    await forgot(email);
    const token = await recoveryLink(email);
    await env.DB.prepare(
      "UPDATE recovery_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    const res = await recover(token, "поздний-пароль-1");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "Ссылка для восстановления недействительна или устарела" });
    await login(email, password);
  });

  it("a successful recovery spends the user's other links", async () => {
    const { email } = await registerUser();
    await forgot(email);
    const older = await recoveryLink(email);
    await forgot(email);
    await mail.waitFor(email, 2);
    const newer = await recoveryLink(email);
    expect(newer).not.toBe(older);
    expect((await recover(newer, "новейший-пароль-1")).status).toBe(200);
    expect((await recover(older, "старый-путь-пароль")).status).toBe(400);
  });

  it("answers 400 for an unknown link and 422 for mismatched or short passwords", async () => {
    expect((await recover("unknown-link", "какой-то-пароль")).status).toBe(400);
    const mismatch = await recover("unknown-link", "какой-то-пароль", "другой-пароль");
    expect(mismatch.status).toBe(422);
    expect(await detailOf(mismatch)).toEqual([
      expect.objectContaining({ loc: ["body", "confirm_password"], msg: "Пароли не совпадают" }),
    ]);
    const short = await recover("unknown-link", "1234567");
    expect(short.status).toBe(422);
  });
});
