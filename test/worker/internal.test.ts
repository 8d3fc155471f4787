import { env, SELF } from "cloudflare:test";
import { historyOfTopic } from "./topics-db";
import { describe, expect, it } from "vitest";
import { makePng } from "./fixtures/files";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueIp } from "./helpers";

const TOKEN = "test-internal-token";
type BotInit = { method?: string; json?: unknown; body?: BodyInit; token?: string | null };

/** One call to the bots' API, as a bot makes it (`path` is under /internal/api/v2). */
function bot(path: string, init: BotInit = {}): Promise<Response> {
  const headers: Record<string, string> = { "cf-connecting-ip": uniqueIp() };
  if (init.token !== null) headers["internal-token"] = init.token ?? TOKEN;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return SELF.fetch(`http://app.test/internal/api/v2${path}`, {
    method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

const externalId = () => String(Math.floor(Math.random() * 1e12));
type BotUser = { user_id: number; email: string | null; name: string | null; created: boolean };
type Limits = { available_requests: number; is_unlimited: boolean };

async function firstContact(
  provider: "tg" | "vk",
  id: string,
  profile: object = { name: "Бот Ботович" },
): Promise<BotUser> {
  const res = await bot(`/users/${provider}/${id}`, { json: profile });
  expect(res.status).toBe(201);
  return (await res.json()) as BotUser;
}

describe("the internal token", () => {
  const id = "777";
  const everyResource: [string, string, unknown?][] = [
    ["POST", `/users/tg/${id}`, {}],
    ["GET", `/users/tg/${id}`],
    ["POST", `/users/tg/${id}/link`, { email: "a@b.test", password: "x" }],
    ["POST", `/utm/tg/${id}`, { source: "ads" }],
    ["POST", `/attachments/tg/${id}`, {}],
    ["POST", `/attachments/tg/${id}/1/transcribe`],
    ["GET", `/topics/tg/${id}`],
    ["POST", `/topics/tg/${id}`, { assistant_type: "gpt" }],
    ["POST", `/messages/tg/${id}/0`, { text: "Привет" }],
    ["POST", `/payments/tg/${id}/1`],
    ["GET", `/limits/tg/${id}`],
    ["GET", "/quotas"],
    ["GET", "/plans"],
    ["GET", `/disclaimers/tg/${id}`],
    ["POST", `/disclaimers/tg/${id}/explain_law/accept`, {}],
    ["POST", `/promos/tg/${id}/CODE`],
    ["POST", `/signals/tg/${id}`, { kind: "start" }],
    ["GET", "/no-such-resource"],
  ];

  it("is required on every resource: missing or wrong answers 401 in Russian", async () => {
    for (const [method, path, json] of everyResource) {
      for (const token of [null, "wrong-token", `${TOKEN}x`, ""]) {
        const res = await bot(path, { method, json, token });
        expect(res.status, `${method} ${path} with ${token}`).toBe(401);
        expect(await detailOf(res)).toBe("Неверный или отсутствующий служебный токен (internal-token)");
      }
    }
    const none = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM identities WHERE provider = 'tg' AND provider_user_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });

  it("a user token is no internal token", async () => {
    const { record } = await registerUser();
    const res = await SELF.fetch("http://app.test/internal/api/v2/quotas", { headers: authHeaders(record) });
    expect(res.status).toBe(401);
    expect((await bot("/quotas")).status).toBe(200);
  });
});

describe("bot users", () => {
  it("first contact creates the user with the start pack; the next finds the same one", async () => {
    const id = externalId();
    const created = await firstContact("tg", id, { name: "Анна", username: "anna_tg", email: "Anna@Example.test" });
    expect(created).toEqual({ user_id: expect.any(Number), email: null, name: "Анна", created: true });
    const again = await bot(`/users/tg/${id}`, { json: {} });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...created, created: false });
    const got = await bot(`/users/tg/${id}`);
    expect(await got.json()).toEqual({ ...created, created: false });
    const limits = (await (await bot(`/limits/tg/${id}`)).json()) as Limits;
    expect(limits.available_requests).toBeGreaterThan(0);
    // The unverified e-mail stays on the identity only.
    const identity = await env.DB.prepare("SELECT email FROM identities WHERE provider = 'tg' AND provider_user_id = ?")
      .bind(id)
      .first<{ email: string }>();
    expect(identity!.email).toBe("anna@example.test");
  });

  it("the same external id of another provider is another user; an unknown one is 404", async () => {
    const id = externalId();
    const tg = await firstContact("tg", id);
    const vk = await firstContact("vk", id);
    expect(vk.user_id).not.toBe(tg.user_id);
    const other = externalId();
    for (const path of [`/users/tg/${other}`, `/limits/tg/${other}`, `/topics/tg/${other}`]) {
      const res = await bot(path);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Пользователь не найден");
    }
    // The vk user's topic is not reachable through the tg account of the same number.
    const topic = (await (
      await bot(`/topics/vk/${id}`, { json: { assistant_type: "gpt", topic_name: "ВК" } })
    ).json()) as { id: number };
    const res = await bot(`/messages/tg/${id}/${topic.id}`, { json: { text: "Чужой чат?", stream: false } });
    expect(res.status).toBe(404);
  });

  it("refuses a bad provider, external id or profile with Russian 422s", async () => {
    const provider = await bot(`/users/ok/123`, { json: {} });
    expect(provider.status).toBe(422);
    expect(JSON.stringify(await detailOf(provider))).toContain("Провайдер: tg или vk");
    const badId = await bot(`/users/tg/${"x".repeat(65)}`, { json: {} });
    expect(badId.status).toBe(422);
    const badEmail = await bot(`/users/tg/${externalId()}`, { json: { email: "не почта" } });
    expect(badEmail.status).toBe(422);
    expect(JSON.stringify(await detailOf(badEmail))).toContain("Некорректный e-mail");
  });

  it("links a bot account to a password account by its e-mail and password", async () => {
    const account = await registerUser({ name: "Владелец" });
    const id = externalId();
    await firstContact("tg", id);
    const wrong = await bot(`/users/tg/${id}/link`, { json: { email: account.email, password: "не тот пароль" } });
    expect(wrong.status).toBe(401);
    expect(await detailOf(wrong)).toBe("Неверный e-mail или пароль");
    const linked = await bot(`/users/tg/${id}/link`, { json: { email: account.email, password: account.password } });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({
      user_id: account.userId,
      email: account.email,
      name: "Владелец",
      created: false,
    });
    expect(((await (await bot(`/users/tg/${id}`)).json()) as BotUser).user_id).toBe(account.userId);
    // A never-seen bot account links too; what the bot then does is the account's own.
    const fresh = externalId();
    expect(
      (await bot(`/users/vk/${fresh}/link`, { json: { email: account.email, password: account.password } })).status,
    ).toBe(200);
    await bot(`/topics/vk/${fresh}`, { json: { assistant_type: "gpt", topic_name: "Из бота" } });
    const web = (await (await call("/topics/active/gpt", { headers: authHeaders(account.record) })).json()) as {
      topics: { topic_name: string }[];
    }[];
    expect(web.flatMap((g) => g.topics.map((t) => t.topic_name))).toContain("Из бота");
  });
});

describe("a bot takes a user from first contact to a paid plan", () => {
  it(
    "start, utm, terms, a question streamed and whole, an upload, a payment link, a promo, block and " + "unblock",
    async () => {
      const id = externalId();
      expect((await bot(`/signals/tg/${id}`, { json: { kind: "start", payload: { ref: "channel-42" } } })).status).toBe(
        204,
      );
      const user = await firstContact("tg", id);

      expect((await bot(`/utm/tg/${id}`, { json: { source: "telegram_ads", campaign: "весна" } })).status).toBe(204);
      const badUtm = await bot(`/utm/tg/${id}`, { json: { campaign: "без источника" } });
      expect(badUtm.status).toBe(422);
      const utm = await env.DB.prepare("SELECT source, campaign, channel FROM utm_events WHERE user_id = ?")
        .bind(user.user_id)
        .all();
      expect(utm.results).toEqual([{ source: "telegram_ads", campaign: "весна", channel: "tg" }]);

      const before = ((await (await bot(`/limits/tg/${id}`)).json()) as Limits).available_requests;

      // The law mode's terms apply as on the web: refused until accepted.
      const refused = await bot(`/messages/tg/${id}/0`, {
        json: { text: "Что такое договор?", assistant_type: "explain_law" },
      });
      expect(refused.status).toBe(403);
      const terms = (await (await bot(`/disclaimers/tg/${id}`)).json()) as {
        assistant_type: string;
        accepted: boolean;
      }[];
      expect(terms.find((t) => t.assistant_type === "explain_law")!.accepted).toBe(false);
      const accepted = await bot(`/disclaimers/tg/${id}/explain_law/accept`, { json: {} });
      expect(accepted.status).toBe(200);
      expect(((await accepted.json()) as { accepted: boolean }).accepted).toBe(true);

      // Streamed, in a new topic (topic id 0): the id comes in X-Topic-Id, the body is the reply alone.
      const streamed = await bot(`/messages/tg/${id}/0`, {
        json: { text: "Что такое договор?", assistant_type: "explain_law" },
      });
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get("content-type")).toContain("text/plain");
      const topicId = Number(streamed.headers.get("x-topic-id"));
      expect(topicId).toBeGreaterThan(0);
      const streamedText = await streamed.text();
      expect(streamedText.length).toBeGreaterThan(0);
      expect(streamedText.startsWith("topic_id:")).toBe(false);

      // Whole, in the same topic.
      const whole = await bot(`/messages/tg/${id}/${topicId}`, { json: { text: "А устный договор?", stream: false } });
      expect(whole.status).toBe(200);
      const reply = (await whole.json()) as {
        topic_id: number;
        text: string;
        model: string;
        state: string;
        citations: unknown[];
      };
      expect(reply).toEqual({
        topic_id: topicId,
        text: expect.any(String),
        model: expect.any(String),
        state: "complete",
        citations: expect.any(Array),
        citations_date: reply.citations.length ? expect.any(String) : null,
      });
      const saved = await (await historyOfTopic(topicId)).db
        .prepare("SELECT role, text FROM messages WHERE topic_id = ? ORDER BY id")
        .bind(topicId)
        .all<{ role: string; text: string }>();
      expect(saved.results.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
      expect(saved.results[1]!.text).toBe(streamedText);
      expect(saved.results[3]!.text).toBe(reply.text);

      const listed = (await (await bot(`/topics/tg/${id}?type=law`)).json()) as { topics: { id: number }[] }[];
      expect(listed.flatMap((g) => g.topics.map((t) => t.id))).toEqual([topicId]);
      expect(((await (await bot(`/limits/tg/${id}`)).json()) as Limits).available_requests).toBe(before - 2);

      // An upload, then a question about it in a new gpt topic, answered whole.
      const form = new FormData();
      form.append("file", new File([await makePng()], "снимок.png", { type: "image/png" }));
      const uploaded = await bot(`/attachments/tg/${id}`, { body: form });
      expect(uploaded.status).toBe(201);
      const attachment = (await uploaded.json()) as { attachment_id: number; content_type: string };
      expect(attachment.content_type).toBe("image");
      const withImage = await bot(`/messages/tg/${id}/0`, {
        json: { text: "Что на снимке?", assistant_type: "gpt", attachments: [attachment.attachment_id], stream: false },
      });
      expect(withImage.status).toBe(200);
      expect(((await withImage.json()) as { state: string }).state).toBe("complete");

      // A payment link for a plan.
      const admin = await createAdmin();
      const plans = (await (await call("/subscriptions/", { headers: authHeaders(admin.record) })).json()) as {
        id: number;
        price: number;
      }[];
      // The bot's user has no e-mail: the receipt (54-ФЗ) needs one, which the bot asks the user for.
      const noEmail = await bot(`/payments/tg/${id}/${plans[0]!.id}`, { method: "POST" });
      expect(noEmail.status).toBe(422);
      expect(await detailOf(noEmail)).toBe("Укажите e-mail в настройках аккаунта: на него придёт чек об оплате");
      const badEmail = await bot(`/payments/tg/${id}/${plans[0]!.id}`, { json: { email: "не-почта" } });
      expect(badEmail.status).toBe(422);
      const payment = await bot(`/payments/tg/${id}/${plans[0]!.id}`, { json: { email: "tg-buyer@example.test" } });
      expect(payment.status).toBe(200);
      const { url } = (await payment.json()) as { url: string };
      expect(url).toMatch(/^http/);
      const row = await env.DB.prepare("SELECT user_id, subscription_id, status FROM payments WHERE user_id = ?")
        .bind(user.user_id)
        .first();
      expect(row).toEqual({ user_id: user.user_id, subscription_id: plans[0]!.id, status: "pending" });

      // A promo made by an admin.
      const code = `BOT${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
      expect(
        (
          await call("/promos/", {
            json: { name: code, requests: 25, max_uses: 5 },
            headers: authHeaders(admin.record),
          })
        ).status,
      ).toBe(201);
      const beforePromo = ((await (await bot(`/limits/tg/${id}`)).json()) as Limits).available_requests;
      const promo = await bot(`/promos/tg/${id}/${code.toLowerCase()}`, { method: "POST" });
      expect(promo.status).toBe(200);
      expect(((await promo.json()) as Limits).available_requests).toBe(beforePromo + 25);
      const twice = await bot(`/promos/tg/${id}/${code}`, { method: "POST" });
      expect(twice.status).toBe(409);
      expect((await bot(`/promos/tg/${id}/NOPE-${code}`, { method: "POST" })).status).toBe(404);

      // Block and unblock, and a bad signal.
      expect((await bot(`/signals/tg/${id}`, { json: { kind: "block" } })).status).toBe(204);
      expect((await bot(`/signals/tg/${id}`, { json: { kind: "unblock" } })).status).toBe(204);
      expect((await bot(`/signals/tg/${id}`, { json: { kind: "Не событие" } })).status).toBe(422);
      const signals = await env.DB.prepare(
        "SELECT user_id, kind, payload FROM bot_signals WHERE provider = 'tg' AND external_id = ? ORDER BY id",
      )
        .bind(id)
        .all();
      expect(signals.results).toEqual([
        { user_id: null, kind: "start", payload: '{"ref":"channel-42"}' },
        { user_id: user.user_id, kind: "block", payload: null },
        { user_id: user.user_id, kind: "unblock", payload: null },
      ]);

      const quotas = (await (await bot("/quotas")).json()) as Record<string, number>;
      expect(quotas).toEqual((await (await call("/quotas/")).json()) as Record<string, number>);
    },
  );

  it("a user without requests gets 402 and no empty topic stays behind", async () => {
    const id = externalId();
    const user = await firstContact("tg", id);
    await env.DB.prepare("UPDATE limits SET available_requests = 0 WHERE user_id = ?").bind(user.user_id).run();
    const res = await bot(`/messages/tg/${id}/0`, { json: { text: "Вопрос", assistant_type: "gpt", stream: false } });
    expect(res.status).toBe(402);
    const topics = await env.DB.prepare("SELECT COUNT(*) AS n FROM topics WHERE user_id = ?")
      .bind(user.user_id)
      .first<{ n: number }>();
    expect(topics!.n).toBe(0);
    const empty = await bot(`/messages/tg/${id}/0`, { json: { text: "  " } });
    expect(empty.status).toBe(422);
  });
});

describe("the OpenAPI document", () => {
  it("lists every internal route with the internal security scheme", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const internal = Object.entries(doc.paths).filter(([path]) => path.startsWith("/internal/api/v2/"));
    const resources = new Set(internal.map(([path]) => path.split("/")[4]));
    expect([...resources].sort()).toEqual([
      "attachments",
      "disclaimers",
      "limits",
      "messages",
      "notices",
      "payments",
      "plans",
      "promos",
      "quotas",
      "signals",
      "topics",
      "users",
      "utm",
    ]);
    for (const [path, ops] of internal)
      for (const [method, op] of Object.entries(ops))
        expect(op.security, `${method} ${path}`).toEqual([{ internal: [] }]);
  });
});
