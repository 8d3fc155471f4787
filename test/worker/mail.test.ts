import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import worker from "../../worker/index";
import { REDACTED, sendMail } from "../../worker/accounts/services/mail";
import { ACCOUNT_CACHE_MS } from "../../worker/accounts/services/account-cache";
import { useFakeMail } from "./fakes/mail";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueEmail, uniqueIp } from "./helpers";

afterEach(() => vi.restoreAllMocks());

type OutboxRow = { subject: string; text: string; html: string | null; status: string };
const outboxRow = async (to: string) =>
  await env.DB.prepare('SELECT subject, text, html, status FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
    .bind(to)
    .first<OutboxRow>();
const statusOf = async (to: string) => (await outboxRow(to))?.status;

describe("mail adapter without a mail API", () => {
  it("keeps the letter in the outbox", async () => {
    const to = uniqueEmail();
    expect(await sendMail(env, getDb(env.DB), { to, subject: "Тема", text: "Текст" })).toBe("stored");
    expect(await statusOf(to)).toBe("stored");
  });

  it("stores the letter with its secrets redacted and prints it whole to the log", async () => {
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const to = uniqueEmail();
    const secret = "s3cret-token_abc";
    const mail = {
      to,
      subject: "Ссылка",
      text: `Откройте http://localhost:8787/recovery/${secret}`,
      html: `<a href="http://localhost:8787/recovery/${secret}">ссылка</a>`,
    };
    expect(await sendMail(env, getDb(env.DB), mail, { secrets: [secret] })).toBe("stored");
    const row = await outboxRow(to);
    expect(row!.text).toBe(`Откройте http://localhost:8787/recovery/${REDACTED}`);
    expect(row!.html).toBe(`<a href="http://localhost:8787/recovery/${REDACTED}">ссылка</a>`);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`http://localhost:8787/recovery/${secret}`));
    expect(log.mock.calls.join("\n")).toContain(to);
  });

  it("the recovery letter: the outbox holds no token, the log holds the link", async () => {
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { email } = await registerUser();
    expect((await call(`/users/password/forgot?email=${encodeURIComponent(email)}`, { method: "POST" })).status).toBe(
      200,
    );
    const printed = await vi.waitFor(() => {
      const line = log.mock.calls
        .map((args) => String(args[0]))
        .find((l) => l.includes(email) && l.includes("/recovery/"));
      if (!line) throw new Error("not printed yet");
      return line;
    });
    const token = printed.match(/\/recovery\/([A-Za-z0-9_-]{43})/)![1]!;
    const row = await vi.waitFor(async () => {
      const found = await outboxRow(email);
      if (!found) throw new Error("not stored yet");
      return found;
    });
    expect(row.text).toContain(`/recovery/${REDACTED}`);
    expect(JSON.stringify(row)).not.toContain(token);
    // The printed link works.
    const res = await call("/users/password/recovery", {
      json: { recovery_hash: token, password: "из-журнала-1", confirm_password: "из-журнала-1" },
    });
    expect(res.status).toBe(200);
  });
});

describe("mail adapter with a mail API", () => {
  const mail = useFakeMail();

  it("posts Resend's JSON with the Bearer key and records it as sent", async () => {
    const to = uniqueEmail();
    expect(await sendMail(env, getDb(env.DB), { to, subject: "Тема", text: "Текст", html: "<p>Текст</p>" })).toBe(
      "sent",
    );
    expect(mail.letters).toEqual([
      { id: expect.any(String), from: env.MAIL_FROM, to: [to], subject: "Тема", text: "Текст", html: "<p>Текст</p>" },
    ]);
    expect(await statusOf(to)).toBe("sent");
  });

  it("records a refused letter as failed without throwing", async () => {
    mail.failWith = 500;
    const to = uniqueEmail();
    expect(await sendMail(env, getDb(env.DB), { to, subject: "Тема", text: "Текст" })).toBe("failed");
    expect(await statusOf(to)).toBe("failed");
    // A wrong key is refused by the fake, so it really checks the key.
    mail.failWith = null;
    const other = uniqueEmail();
    expect(
      await sendMail({ ...env, MAIL_API_KEY: "wrong" }, getDb(env.DB), { to: other, subject: "Тема", text: "Текст" }),
    ).toBe("failed");
    expect(mail.letters).toEqual([]);
  });

  it("the recovery letter goes out whole; the outbox keeps it without the token and nothing is logged", async () => {
    const log = vi.spyOn(console, "warn");
    const { email } = await registerUser();
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://app.test/api/v2/users/password/forgot?email=${encodeURIComponent(email)}`, {
        method: "POST",
        headers: { "cf-connecting-ip": uniqueIp() },
      }),
      env,
      ctx,
    );
    expect(res.status).toBe(200);
    await waitOnExecutionContext(ctx);
    const letters = mail.lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ to: [email], subject: "Восстановление пароля в «Ясно»" });
    const token = letters[0]!.text.match(/\/recovery\/([A-Za-z0-9_-]{43})/)![1]!;
    expect(letters[0]!.html).toContain(`<a href="http://localhost:8787/recovery/${token}">`);
    const row = await outboxRow(email);
    expect(row).toMatchObject({ subject: "Восстановление пароля в «Ясно»", status: "sent" });
    expect(row!.text).toContain(`http://localhost:8787/recovery/${REDACTED}`);
    expect(row!.html).toContain(`href="http://localhost:8787/recovery/${REDACTED}"`);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(log.mock.calls.join("\n")).not.toContain(token);
  });
});

describe("admin outbox route", () => {
  it("shows an admin the newest letters for an address", async () => {
    const { record } = await createAdmin();
    const to = uniqueEmail();
    const db = getDb(env.DB);
    await sendMail(env, db, { to, subject: "Первое", text: "1" });
    await sendMail(env, db, { to, subject: "Второе", text: "2" });
    await sendMail(env, db, { to: uniqueEmail(), subject: "Чужое", text: "3" });

    const res = await call(`/mail/outbox?to=${encodeURIComponent(to.toUpperCase())}`, { headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: number; to: string; subject: string; text: string; created_at: string }[];
    expect(rows.map((r) => r.subject)).toEqual(["Второе", "Первое"]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      to,
      subject: "Второе",
      text: "2",
      created_at: expect.any(String),
    });
  });

  it("shows a letter's secrets redacted", async () => {
    const { record } = await createAdmin();
    const to = uniqueEmail();
    await sendMail(env, getDb(env.DB), { to, subject: "Код", text: "Ваш код: 123456" }, { secrets: ["123456"] });
    const res = await call(`/mail/outbox?to=${encodeURIComponent(to)}`, { headers: authHeaders(record) });
    expect(((await res.json()) as { text: string }[])[0]!.text).toBe(`Ваш код: ${REDACTED}`);
  });

  it("answers 403 to a user, 401 to nobody, 422 for a bad address", async () => {
    const { record } = await registerUser();
    const user = await call(`/mail/outbox?to=${encodeURIComponent(uniqueEmail())}`, { headers: authHeaders(record) });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ detail: "Недостаточно прав" });
    expect((await call(`/mail/outbox?to=a@b.test`)).status).toBe(401);
    const admin = await createAdmin();
    const bad = await call(`/mail/outbox?to=nope`, { headers: authHeaders(admin.record) });
    expect(bad.status).toBe(422);
    expect(await detailOf(bad)).toEqual([
      expect.objectContaining({ loc: ["query", "to"], msg: "Некорректный e-mail" }),
    ]);
  });

  it("takes the role from D1: a demoted admin is refused once the row's copy runs out", async () => {
    const { email, record } = await createAdmin();
    const outbox = () => call(`/mail/outbox?to=${encodeURIComponent(email)}`, { headers: authHeaders(record) });
    expect((await outbox()).status).toBe(200);
    // The admin CLI demotes in D1 directly, like another isolate would: admin routes see it within the row's time.
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE email = ?").bind(email).run();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ACCOUNT_CACHE_MS });
    try {
      expect((await outbox()).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});
