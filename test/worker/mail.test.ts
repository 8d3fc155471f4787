import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import worker from "../../worker/index";
import { sendMail } from "../../worker/services/mail";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueEmail, uniqueIp } from "./helpers";

const MAIL_API_URL = "https://mail-api.test/emails";
const MAIL_API_KEY = "re_test_key";
const mailEnv = { ...env, MAIL_API_URL, MAIL_API_KEY };

type Letter = { from: string; to: string[]; subject: string; text: string; html?: string };

/**
 * A fake of Resend's `POST /emails` at the HTTP boundary: it checks the Bearer key and the JSON
 * the way Resend does and answers like Resend ({id} or {statusCode, name, message}).
 */
function fakeMailApi(options: { failWith?: number } = {}) {
  const received: Letter[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(MAIL_API_URL)) return realFetch(input, init);
    const fail = (statusCode: number, name: string, message: string) => Response.json({ statusCode, name, message }, { status: statusCode });
    if (request.method !== "POST") return fail(405, "method_not_allowed", "Method not allowed");
    const auth = request.headers.get("authorization");
    if (!auth) return fail(401, "missing_api_key", "Missing API key in the authorization header");
    if (auth !== `Bearer ${MAIL_API_KEY}`) return fail(403, "invalid_api_key", "API key is invalid");
    if (!request.headers.get("content-type")?.startsWith("application/json")) return fail(422, "validation_error", "Invalid content type");
    const letter = (await request.json()) as Letter;
    for (const field of ["from", "to", "subject"] as const) {
      if (!letter[field] || (Array.isArray(letter[field]) && letter[field].length === 0)) return fail(422, "validation_error", `Missing \`${field}\` field.`);
    }
    if (!letter.text && !letter.html) return fail(422, "validation_error", "Missing `html` or `text` field.");
    if (options.failWith) return fail(options.failWith, "application_error", "Something went wrong");
    received.push(letter);
    return Response.json({ id: crypto.randomUUID() });
  });
  return received;
}

afterEach(() => vi.restoreAllMocks());

const statusOf = async (to: string) =>
  (await env.DB.prepare("SELECT status FROM mail_outbox WHERE \"to\" = ? ORDER BY id DESC").bind(to).first<{ status: string }>())?.status;

describe("mail adapter", () => {
  it("without a mail API keeps the letter in the outbox", async () => {
    const to = uniqueEmail();
    expect(await sendMail(env, getDb(env.DB), { to, subject: "Тема", text: "Текст" })).toBe("stored");
    expect(await statusOf(to)).toBe("stored");
  });

  it("with a mail API posts Resend's JSON with the Bearer key and records it as sent", async () => {
    const received = fakeMailApi();
    const to = uniqueEmail();
    expect(await sendMail(mailEnv, getDb(env.DB), { to, subject: "Тема", text: "Текст", html: "<p>Текст</p>" })).toBe("sent");
    expect(received).toEqual([{ from: env.MAIL_FROM, to: [to], subject: "Тема", text: "Текст", html: "<p>Текст</p>" }]);
    expect(await statusOf(to)).toBe("sent");
  });

  it("records a refused letter as failed without throwing", async () => {
    fakeMailApi({ failWith: 500 });
    const to = uniqueEmail();
    expect(await sendMail(mailEnv, getDb(env.DB), { to, subject: "Тема", text: "Текст" })).toBe("failed");
    expect(await statusOf(to)).toBe("failed");
    // A wrong key is refused by the fake, so it really checks the key.
    fakeMailApi();
    const other = uniqueEmail();
    expect(await sendMail({ ...mailEnv, MAIL_API_KEY: "wrong" }, getDb(env.DB), { to: other, subject: "Тема", text: "Текст" })).toBe("failed");
  });

  it("the recovery letter goes through the mail API when one is configured", async () => {
    const received = fakeMailApi();
    const { email } = await registerUser();
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://app.test/api/v2/users/password/forgot?email=${encodeURIComponent(email)}`, { method: "POST", headers: { "cf-connecting-ip": uniqueIp() } }),
      mailEnv,
      ctx,
    );
    expect(res.status).toBe(200);
    await waitOnExecutionContext(ctx);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: [email], subject: "Восстановление пароля в «Ясно»" });
    expect(received[0]!.text).toMatch(/\/recovery\/[A-Za-z0-9_-]{43}/);
    expect(received[0]!.html).toMatch(/<a href="http:\/\/localhost:8787\/recovery\/[A-Za-z0-9_-]{43}">/);
    expect(await statusOf(email)).toBe("sent");
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
    expect(rows[0]).toEqual({ id: expect.any(Number), to, subject: "Второе", text: "2", created_at: expect.any(String) });
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
    expect(await detailOf(bad)).toEqual([expect.objectContaining({ loc: ["query", "to"], msg: "Некорректный e-mail" })]);
  });

  it("takes the role from D1: a demoted admin is refused at once", async () => {
    const { email, record } = await createAdmin();
    expect((await call(`/mail/outbox?to=${encodeURIComponent(email)}`, { headers: authHeaders(record) })).status).toBe(200);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE email = ?").bind(email).run();
    expect((await call(`/mail/outbox?to=${encodeURIComponent(email)}`, { headers: authHeaders(record) })).status).toBe(403);
  });
});
