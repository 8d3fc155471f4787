import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { REDACTED } from "../../worker/accounts/services/mail";
import { useFakeMail } from "./fakes/mail";
import { authHeaders, call, detailOf, login, registerUser, uniqueEmail, type AuthRecord } from "./helpers";

const mail = useFakeMail();

type Issue = { loc: string[]; msg: string };
const patch = (record: AuthRecord, json: Record<string, unknown>) =>
  call("/users/", { method: "PATCH", json, headers: authHeaders(record) });
const self = async (record: AuthRecord) =>
  (await (await call("/users/self", { headers: authHeaders(record) })).json()) as {
    email: string | null;
    has_password: boolean;
  };
const confirm = (token: string) => call("/users/email/confirm", { json: { token } });
const confirmLink = (to: string) => mail.linkIn(to, /http:\/\/localhost:8787\/email\/confirm\/([A-Za-z0-9_-]+)/);
const outboxFor = async (to: string) =>
  (
    await env.DB.prepare('SELECT subject, text, html FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind(to)
      .all<{ subject: string; text: string; html: string | null }>()
  ).results;

/** An account known only by an external provider: no password; its sign-in `minutesAgo` old. */
async function passwordless(options: { email?: string | null; minutesAgo?: number } = {}) {
  const user = await registerUser();
  const email = options.email === undefined ? user.email : options.email;
  await env.DB.prepare("UPDATE users SET password_hash = NULL, email = ? WHERE id = ?").bind(email, user.userId).run();
  await env.DB.prepare("UPDATE sessions SET created_at = ? WHERE user_id = ?")
    .bind(Date.now() - (options.minutesAgo ?? 11) * 60_000, user.userId)
    .run();
  return { ...user, email };
}

const requestCode = (record: AuthRecord) => call("/users/self/code", { method: "POST", headers: authHeaders(record) });
const codeFor = (to: string) => mail.linkIn(to, /: (\d{6})\b/);

describe("a password change needs the current password", () => {
  it("missing is 422, wrong is 403 and changes nothing, right changes it", async () => {
    const { email, password, record } = await registerUser();
    const missing = await patch(record, { password: "новый-пароль-1" });
    expect(missing.status).toBe(422);
    expect(await detailOf(missing)).toEqual([
      expect.objectContaining({ loc: ["body", "current_password"], msg: "Введите текущий пароль" }),
    ]);

    const wrong = await patch(record, { password: "новый-пароль-1", current_password: "не-тот-пароль" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ detail: "Неверный текущий пароль" });
    // Still the old password, and the caller's token still works.
    await login(email, password);
    expect((await call("/users/self", { headers: authHeaders(record) })).status).toBe(200);

    const right = await patch(record, { password: "новый-пароль-1", current_password: password });
    expect(right.status).toBe(200);
    await login(email, "новый-пароль-1");
  });

  it("a name alone needs nothing", async () => {
    const { record } = await registerUser();
    const res = await patch(record, { name: "Только имя" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Только имя" });
  });

  it("guessing is rate limited per user: after 10 tries even the right password answers 429", async () => {
    const { password, record } = await registerUser();
    for (let i = 0; i < 10; i++)
      expect((await patch(record, { password: "новый-пароль-1", current_password: `догадка-${i}` })).status).toBe(403);
    const limited = await patch(record, { password: "новый-пароль-1", current_password: password });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("an e-mail change", () => {
  it("needs the current password: missing 422, wrong 403, and no letter goes out", async () => {
    const { email, record } = await registerUser();
    const target = uniqueEmail("target");
    expect((await patch(record, { email: target })).status).toBe(422);
    expect((await patch(record, { email: target, current_password: "не-тот-пароль" })).status).toBe(403);
    expect((await self(record)).email).toBe(email);
    const [none] = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_changes ec JOIN users u ON u.id = ec.user_id WHERE u.email = ?",
    )
      .bind(email)
      .raw();
    expect(none).toEqual([0]);
    expect(mail.lettersTo(target)).toEqual([]);
  });

  it("takes effect only once the link mailed to the new address is opened; both addresses are told", async () => {
    const { email: old, password, record } = await registerUser({ name: "Зоя" });
    const target = uniqueEmail("target");
    const res = await patch(record, { email: target, current_password: password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: old, pending_email: target });
    expect((await self(record)).email).toBe(old);

    const token = await confirmLink(target);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    const asked = await mail.waitFor(old);
    expect(asked.subject).toBe("Запрошена смена e-mail в «Ясно»");
    expect(asked.text).toContain(target);
    expect(asked.text).not.toContain(token);
    // At rest: the outbox copy has no token, the table only its hash.
    const [stored] = await outboxFor(target);
    expect(stored!.text).toContain(`/email/confirm/${REDACTED}`);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM email_changes WHERE token_hash = ?")
        .bind(token)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    // Until then the old address is the account's.
    await login(old, password);
    expect((await call("/users/login", { json: { email: target, password } })).status).toBe(401);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ detail: "E-mail изменён", email: target });
    expect((await self(record)).email).toBe(target);
    await login(target, password);
    const told = await mail.waitFor(old, 2);
    expect(told.subject).toBe("E-mail аккаунта «Ясно» изменён");
    expect(told.text).toContain(target);

    // One use.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: "Ссылка для смены e-mail недействительна или устарела" });
  });

  it("spends the recovery links mailed to the old address", async () => {
    const { email: old, password, record } = await registerUser();
    await call(`/users/password/forgot?email=${encodeURIComponent(old)}`, { method: "POST" });
    const recovery = await mail.linkIn(old, /\/recovery\/([A-Za-z0-9_-]+)/);
    const target = uniqueEmail("target");
    expect((await patch(record, { email: target, current_password: password })).status).toBe(200);
    expect((await confirm(await confirmLink(target))).status).toBe(200);
    const res = await call("/users/password/recovery", {
      json: { recovery_hash: recovery, password: "чужой-пароль-1", confirm_password: "чужой-пароль-1" },
    });
    expect(res.status).toBe(400);
  });

  it("answers 409 when the address was taken meanwhile, and the link still works once it is free", async () => {
    const { email: old, password, record } = await registerUser();
    const target = uniqueEmail("target");
    expect((await patch(record, { email: target, current_password: password })).status).toBe(200);
    const token = await confirmLink(target);
    const squatter = await registerUser({ email: target });

    const taken = await confirm(token);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ detail: "Пользователь с данным email уже зарегистрирован" });
    expect((await self(record)).email).toBe(old);

    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(squatter.userId).run();
    expect((await confirm(token)).status).toBe(200);
    expect((await self(record)).email).toBe(target);
  });

  it(
    "answers 409 at once for an address that is taken, 400 for an unknown or expired link, 422 without " + "one",
    async () => {
      const other = await registerUser();
      const { email, password, record } = await registerUser();
      expect((await patch(record, { email: other.email, current_password: password })).status).toBe(409);

      const target = uniqueEmail("target");
      expect((await patch(record, { email: target, current_password: password })).status).toBe(200);
      const token = await confirmLink(target);
      await env.DB.prepare("UPDATE email_changes SET expires_at = ? WHERE new_email = ?")
        .bind(Date.now() - 1, target)
        .run();
      expect((await confirm(token)).status).toBe(400);
      expect((await confirm("unknown-token")).status).toBe(400);
      expect((await self(record)).email).toBe(email);
      const empty = await call("/users/email/confirm", { json: {} });
      expect(empty.status).toBe(422);
      expect(((await detailOf(empty)) as Issue[])[0]!.loc).toEqual(["body", "token"]);
    },
  );

  it("the same address as now changes nothing and needs nothing", async () => {
    const { email, record } = await registerUser();
    const res = await patch(record, { email: email.toUpperCase(), name: "Та же" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, name: "Та же" });
    expect(mail.letters).toEqual([]);
  });

  it("change requests are rate limited per user", async () => {
    const { password, record } = await registerUser();
    for (let i = 0; i < 5; i++)
      expect((await patch(record, { email: uniqueEmail("many"), current_password: password })).status).toBe(200);
    expect((await patch(record, { email: uniqueEmail("many"), current_password: password })).status).toBe(429);
  });
});

describe("an account without a password", () => {
  it("proves itself with a one-time code by e-mail, which is hashed at rest and works once", async () => {
    const { email, record } = await passwordless();
    expect((await self(record)).has_password).toBe(false);
    const missing = await patch(record, { password: "первый-пароль-1" });
    expect(missing.status).toBe(422);
    expect(await detailOf(missing)).toEqual([
      expect.objectContaining({ loc: ["body", "code"], msg: "Введите код из письма" }),
    ]);

    const sent = await requestCode(record);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ detail: "Мы отправили код на ваш e-mail" });
    const code = await codeFor(email!);
    const [stored] = await outboxFor(email!);
    expect(stored!.text).toContain(REDACTED);
    expect(stored!.text).not.toContain(code);
    const row = await env.DB.prepare(
      "SELECT code_hash FROM one_time_codes oc JOIN users u ON u.id = oc.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<{ code_hash: string }>();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await patch(record, { password: "первый-пароль-1", code: wrongCode });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ detail: "Неверный или устаревший код" });

    const res = await patch(record, { password: "первый-пароль-1", code });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    expect((await self({ ...record, access_token })).has_password).toBe(true);
    await login(email!, "первый-пароль-1");
    // Spent: the same code does not work twice (now the account also has a password).
    await env.DB.prepare("UPDATE users SET password_hash = NULL WHERE email = ?").bind(email).run();
    expect((await patch({ ...record, access_token }, { name: "x", password: "второй-пароль-2", code })).status).toBe(
      403,
    );
  });

  it("a code dies after 5 wrong tries and after 10 minutes", async () => {
    const { email, record } = await passwordless();
    expect((await requestCode(record)).status).toBe(200);
    const code = await codeFor(email!);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await patch(record, { password: "первый-пароль-1", code: wrongCode })).status).toBe(403);
    expect((await patch(record, { password: "первый-пароль-1", code })).status).toBe(403);

    expect((await requestCode(record)).status).toBe(200);
    await mail.waitFor(email!, 2);
    const fresh = await codeFor(email!);
    await env.DB.prepare(
      "UPDATE one_time_codes SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    expect((await patch(record, { password: "первый-пароль-1", code: fresh })).status).toBe(403);
    expect((await self(record)).has_password).toBe(false);
  });

  it("a code changes the e-mail too (still confirmed by the new address)", async () => {
    const { email, record } = await passwordless();
    expect((await requestCode(record)).status).toBe(200);
    const target = uniqueEmail("target");
    const res = await patch(record, { email: target, code: await codeFor(email!) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, pending_email: target });
    expect((await confirm(await confirmLink(target))).status).toBe(200);
    expect((await self(record)).email).toBe(target);
  });

  it("a fresh external sign-in (under 10 minutes) is proof enough", async () => {
    const { email, record } = await passwordless({ minutesAgo: 2 });
    expect((await patch(record, { password: "первый-пароль-1" })).status).toBe(200);
    await login(email!, "первый-пароль-1");
  });

  it("without an e-mail, only a fresh sign-in works; codes are refused", async () => {
    const { record } = await passwordless({ email: null });
    const stale = await patch(record, { password: "первый-пароль-1" });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ detail: "Войдите в аккаунт заново, чтобы подтвердить изменение" });
    expect((await requestCode(record)).status).toBe(400);
  });

  it("an account with a password gets no code: it has its password", async () => {
    const { record } = await registerUser();
    const res = await requestCode(record);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "У аккаунта есть пароль: подтвердите изменение текущим паролем" });
    expect((await call("/users/self/code", { method: "POST" })).status).toBe(401);
  });
});

describe("nightly clean-up", () => {
  it("drops e-mail changes and codes a day past their end, and keeps live ones", async () => {
    const now = Date.now();
    const DAY = 24 * 60 * 60 * 1000;
    const [a, b] = await Promise.all([registerUser(), registerUser()]);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES (?, ?, 'x@example.test', " +
          "?), (?, ?, 'y@example.test', ?)",
      ).bind(`old-${a.userId}`, a.userId, now - 2 * DAY, `live-${a.userId}`, a.userId, now + DAY),
      env.DB.prepare(
        "INSERT INTO one_time_codes (user_id, code_hash, expires_at) VALUES (?, 'h', ?), (?, 'h', ?)",
      ).bind(a.userId, now - 2 * DAY, b.userId, now + 60_000),
    ]);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 21 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = async (sql: string, id: number) => (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n;
    expect(await left("SELECT count(*) AS n FROM email_changes WHERE user_id = ?", a.userId)).toBe(1);
    expect(await left("SELECT count(*) AS n FROM one_time_codes WHERE user_id = ?", a.userId)).toBe(0);
    expect(await left("SELECT count(*) AS n FROM one_time_codes WHERE user_id = ?", b.userId)).toBe(1);
  });
});
