import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { MAX_RECIPIENTS } from "../../worker/accounts/services/notifications";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueIp, type AuthRecord } from "./helpers";

type Notice = { id: number; title: string; text: string; created_at: string; read: boolean };

const admin = await createAdmin();
const send = (json: unknown, record: AuthRecord = admin.record) =>
  call("/notification/send/", { headers: authHeaders(record), json });

async function noticesOf(record: AuthRecord, query = ""): Promise<{ items: Notice[]; unread: number }> {
  const res = await call(`/notifications/${query}`, { headers: authHeaders(record) });
  expect(res.status).toBe(200);
  return { items: (await res.json()) as Notice[], unread: Number(res.headers.get("X-Unread-Count")) };
}

const outboxFor = async (email: string) =>
  (
    await env.DB.prepare('SELECT subject, text FROM mail_outbox WHERE "to" = ?')
      .bind(email)
      .all<{ subject: string; text: string }>()
  ).results;

describe("POST /notification/send/", () => {
  it("reaches only the chosen users (by id and by e-mail), in the app and by e-mail", async () => {
    const [anna, boris, stranger] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const res = await send({
      title: "Новая функция",
      text: "Теперь можно загружать PDF.",
      user_ids: [anna.userId],
      emails: [` ${boris.email.toUpperCase()} `],
      by_email: true,
    });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: number; recipients: number };
    expect(sent.recipients).toBe(2);

    for (const who of [anna, boris]) {
      const { items, unread } = await noticesOf(who.record);
      expect(unread).toBe(1);
      expect(items).toEqual([
        {
          id: sent.id,
          title: "Новая функция",
          text: "Теперь можно загружать PDF.",
          created_at: expect.any(String),
          read: false,
        },
      ]);
      const letters = await vi.waitFor(async () => {
        const rows = await outboxFor(who.email);
        expect(rows.length).toBe(1);
        return rows;
      });
      expect(letters[0]).toEqual({
        subject: "«Ясно»: Новая функция",
        text: expect.stringContaining("Теперь можно загружать PDF."),
      });
    }
    expect(await noticesOf(stranger.record)).toEqual({ items: [], unread: 0 });
    expect(await outboxFor(stranger.email)).toEqual([]);
  });

  it("without by_email sends no letter", async () => {
    const user = await registerUser();
    expect((await send({ title: "Тихо", text: "Только в приложении", user_ids: [user.userId] })).status).toBe(201);
    expect((await noticesOf(user.record)).unread).toBe(1);
    expect(await outboxFor(user.email)).toEqual([]);
  });

  it('goes to every user only with target: "all"', async () => {
    const [one, two] = await Promise.all([registerUser(), registerUser()]);
    const res = await send({ title: "Всем", text: "Плановые работы ночью", target: "all" });
    expect(res.status).toBe(201);
    const { id, recipients } = (await res.json()) as { id: number; recipients: number };
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(recipients).toBe(users!.n);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM notification_recipients WHERE notification_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(users!.n);
    for (const who of [one, two]) expect((await noticesOf(who.record)).items.map((n) => n.title)).toContain("Всем");
  });

  it(
    'never reads "everyone" into a body that does not say so: no recipients, empty lists, a wrong target, an ' +
      "empty or non-JSON body are 422",
    async () => {
      const user = await registerUser();
      const noRecipients = 'Укажите получателей: user_ids или emails, либо target: "all" — всем пользователям';
      const cases: { body: string | undefined; type?: string; message: string }[] = [
        { body: JSON.stringify({ title: "Всем?", text: "Нет" }), message: noRecipients },
        { body: JSON.stringify({ title: "Всем?", text: "Нет", user_ids: [], emails: [] }), message: noRecipients },
        {
          body: JSON.stringify({ title: "Всем?", text: "Нет", target: "everyone" }),
          message: 'target: только "all" (все пользователи)',
        },
        {
          body: JSON.stringify({ title: "Всем?", text: "Нет", target: "all", user_ids: [user.userId] }),
          message: 'target: "all" — всем пользователям, без user_ids и emails',
        },
        { body: undefined, message: 'Тело запроса должно быть JSON-объектом, например {"target": "all"}' },
        { body: "", message: 'Тело запроса должно быть JSON-объектом, например {"target": "all"}' },
        {
          body: "target=all",
          type: "application/x-www-form-urlencoded",
          message: 'Тело запроса должно быть JSON-объектом, например {"target": "all"}',
        },
        { body: "{not json", message: 'Тело запроса должно быть JSON-объектом, например {"target": "all"}' },
      ];
      for (const { body, type, message } of cases) {
        const res = await SELF.fetch("http://app.test/api/v2/notification/send/", {
          method: "POST",
          headers: {
            ...authHeaders(admin.record),
            "content-type": type ?? "application/json",
            "cf-connecting-ip": uniqueIp(),
          },
          body,
        });
        expect(res.status, String(body)).toBe(422);
        expect(JSON.stringify(await detailOf(res))).toContain(JSON.stringify(message).slice(1, -1));
      }
      expect(await noticesOf(user.record)).toEqual({ items: [], unread: 0 });
      const sent = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE title = 'Всем?'").first<{
        n: number;
      }>();
      expect(sent!.n).toBe(0);
    },
  );

  it("lists unknown ids and e-mails in a 422 and sends nothing", async () => {
    const user = await registerUser();
    const res = await send({
      title: "Кому-то",
      text: "Текст",
      user_ids: [user.userId, 987654321],
      emails: ["nobody-here@example.test"],
    });
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe("Пользователи не найдены: 987654321, nobody-here@example.test");
    expect((await noticesOf(user.record)).unread).toBe(0);
  });

  it("answers 422 in Russian for a bad body", async () => {
    const res = await send({ title: "", text: 5, user_ids: ["x"], emails: ["not-mail"] });
    expect(res.status).toBe(422);
    const detail = (await detailOf(res)) as { loc: (string | number)[]; msg: string }[];
    expect(detail.map((d) => d.loc[1])).toEqual(expect.arrayContaining(["title", "text", "user_ids", "emails"]));
    expect(detail.every((d) => /[а-яА-Я]/.test(d.msg))).toBe(true);
  });

  it("answers 403 to a user and 401 without a token", async () => {
    const user = await registerUser();
    const res = await send({ title: "Я не админ", text: "Текст", target: "all" }, user.record);
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Недостаточно прав");
    expect((await call("/notification/send/", { json: { title: "a", text: "b", target: "all" } })).status).toBe(401);
  });
});

/** `count` accounts written straight into D1 in one statement (a registration each would take minutes). */
async function bulkUsers(count: number): Promise<{ id: number; email: string }[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
     INSERT INTO users (email, name) SELECT 'bulk-' || ?2 || '-' || n || '@example.test', 'Получатель' FROM seq WHERE true RETURNING id, email`,
  )
    .bind(count, tag)
    .all<{ id: number; email: string }>();
  return results;
}

const recipientCount = async (id: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM notification_recipients WHERE notification_id = ?")
    .bind(id)
    .first<{ n: number }>())!.n;

// D1 binds at most 100 parameters per statement: lists are read a chunk at a time.
describe("POST /notification/send/ at the schema's maximum (10,000)", { timeout: 120_000 }, () => {
  it("reaches 10,000 users chosen by id", async () => {
    const chosen = await bulkUsers(MAX_RECIPIENTS);
    const res = await send({ title: "Десять тысяч", text: "По id", user_ids: chosen.map((u) => u.id) });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: number; recipients: number };
    expect(sent.recipients).toBe(MAX_RECIPIENTS);
    expect(await recipientCount(sent.id)).toBe(MAX_RECIPIENTS);
  });

  it("reaches 10,000 users chosen by e-mail", async () => {
    const chosen = await bulkUsers(MAX_RECIPIENTS);
    const res = await send({
      title: "Десять тысяч",
      text: "По e-mail",
      emails: chosen.map((u) => u.email.toUpperCase()),
    });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: number; recipients: number };
    expect(sent.recipients).toBe(MAX_RECIPIENTS);
    expect(await recipientCount(sent.id)).toBe(MAX_RECIPIENTS);
  });

  it("names the unknown ones among 10,000 ids and e-mails in one 422, and sends nothing", async () => {
    const chosen = await bulkUsers(MAX_RECIPIENTS);
    const ids = chosen.map((u) => u.id);
    const emails = chosen.map((u) => u.email);
    ids[4_321] = 987_654_321;
    emails[9_999] = "nobody-at-the-end@example.test";
    const res = await send({ title: "Кому-то из многих", text: "Текст", user_ids: ids, emails });
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe("Пользователи не найдены: 987654321, nobody-at-the-end@example.test");
    const written = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE title = 'Кому-то из многих'",
    ).first<{ n: number }>();
    expect(written!.n).toBe(0);
  });

  it("refuses one more than the maximum with a Russian 422", async () => {
    const res = await send({
      title: "Слишком много",
      text: "Текст",
      user_ids: Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => i + 1),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await detailOf(res))).toContain(`user_ids: не больше ${MAX_RECIPIENTS}`);
  });
});

describe("GET /notifications/ and marking read", () => {
  it("lists newest first, filters unread, marks one and then all read", async () => {
    const user = await registerUser();
    const ids: number[] = [];
    for (const title of ["Первое", "Второе", "Третье"]) {
      const res = await send({ title, text: `Текст: ${title}`, user_ids: [user.userId] });
      ids.push(((await res.json()) as { id: number }).id);
    }
    let list = await noticesOf(user.record);
    expect(list.items.map((n) => n.title)).toEqual(["Третье", "Второе", "Первое"]);
    expect(list.unread).toBe(3);

    const read = await call(`/notifications/${ids[1]}/read`, { method: "POST", headers: authHeaders(user.record) });
    expect(read.status).toBe(204);
    // Marking again changes nothing.
    expect(
      (await call(`/notifications/${ids[1]}/read`, { method: "POST", headers: authHeaders(user.record) })).status,
    ).toBe(204);
    list = await noticesOf(user.record);
    expect(list.items.map((n) => [n.title, n.read])).toEqual([
      ["Третье", false],
      ["Второе", true],
      ["Первое", false],
    ]);
    expect(list.unread).toBe(2);
    const unreadOnly = await noticesOf(user.record, "?unread=true");
    expect(unreadOnly.items.map((n) => n.title)).toEqual(["Третье", "Первое"]);
    expect(unreadOnly.unread).toBe(2);

    const all = await call("/notifications/read-all", { method: "POST", headers: authHeaders(user.record) });
    expect(all.status).toBe(200);
    expect(await all.json()).toEqual({ marked: 2 });
    expect(await noticesOf(user.record, "?unread=true")).toEqual({ items: [], unread: 0 });
    expect((await noticesOf(user.record)).items.every((n) => n.read)).toBe(true);
  });

  it("another user's notice answers 404 and stays unread for its owner", async () => {
    const [owner, other] = await Promise.all([registerUser(), registerUser()]);
    const { id } = (await (
      await send({ title: "Личное", text: "Только владельцу", user_ids: [owner.userId] })
    ).json()) as { id: number };
    const res = await call(`/notifications/${id}/read`, { method: "POST", headers: authHeaders(other.record) });
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Уведомление не найдено");
    expect((await call("/notifications/read-all", { method: "POST", headers: authHeaders(other.record) })).status).toBe(
      200,
    );
    expect((await noticesOf(owner.record)).unread).toBe(1);
    expect((await call("/notifications/abc/read", { method: "POST", headers: authHeaders(owner.record) })).status).toBe(
      404,
    );
  });

  it("needs a token", async () => {
    expect((await call("/notifications/")).status).toBe(401);
    expect((await call("/notifications/1/read", { method: "POST" })).status).toBe(401);
  });

  it("every route is in the OpenAPI document, the admin one with its auth", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    };
    expect(doc.paths["/api/v2/notification/send"]?.post?.security).toEqual([{ jwt: [] }]);
    expect(doc.paths["/api/v2/notification/send"]?.post?.tags).toContain("admin");
    expect(doc.paths["/api/v2/statistics/common/daily"]?.get?.security).toEqual([{ jwt: [] }]);
    expect(doc.paths["/api/v2/notifications"]?.get).toBeDefined();
    expect(doc.paths["/api/v2/notifications/{id}/read"]?.post).toBeDefined();
  });
});
