import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { countMessage } from "../../worker/operations/services/activity";
import { authHeaders, call, createAdmin, detailOf, registerUser, uniqueEmail, type AuthRecord } from "./helpers";
import { newAccount, startTopic } from "./streams-helpers";

const admin = await createAdmin();
const daily = (query: string, record: AuthRecord = admin.record) =>
  call(`/statistics/common/daily${query}`, { headers: authHeaders(record) });

/** A Moscow wall-clock time (UTC+3) as Unix milliseconds. */
const msk = (local: string) => Date.parse(`${local}+03:00`);

async function insertUser(createdAt: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO users (email, name, created_at) VALUES (?, 'Статистика', ?) RETURNING id",
  )
    .bind(uniqueEmail("stats"), createdAt)
    .first<{ id: number }>();
  return row!.id;
}
async function insertTopic(userId: number, createdAt: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO topics (user_id, assistant_type, created_at, updated_at) VALUES (?, 'universal', ?, ?) RETURNING id",
  )
    .bind(userId, createdAt, createdAt)
    .first<{ id: number }>();
  return row!.id;
}
/** A message as statistics know it: counted for its owner's Moscow day (the text itself is in a history shard). */
async function insertMessage(topicId: number, role: "user" | "assistant", createdAt: number) {
  const topic = await env.DB.prepare("SELECT user_id FROM topics WHERE id = ?")
    .bind(topicId)
    .first<{ user_id: number }>();
  await countMessage(getDb(env.DB), topic!.user_id, role, createdAt).run();
}
const insertCharge = (userId: number, createdAt: number, refunded = false) =>
  env.DB.prepare("INSERT INTO request_charges (user_id, refunded, created_at) VALUES (?, ?, ?)")
    .bind(userId, refunded ? 1 : 0, createdAt)
    .run();
async function insertPayment(userId: number, kopecks: number, status: string, createdAt: number) {
  const plan = await env.DB.prepare("SELECT id FROM subscriptions ORDER BY id LIMIT 1").first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO payments (id, user_id, subscription_id, amount_kopecks, provider, status, created_at, updated_at) " +
      "VALUES (?, ?, ?, ?, 'sandbox', ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), userId, plan!.id, kopecks, status, createdAt, createdAt)
    .run();
}

const zeros = { new_users: 0, active_users: 0, topics: 0, messages: 0, requests_used: 0, payments: 0, revenue: 0 };

describe("GET /statistics/common/daily", () => {
  it("counts each Moscow day from the data, with empty days present and the day boundary in Moscow time", async () => {
    // Far in the past, so no other test's rows fall into the range.
    // 2020-03-10: two users sign up, one of them at 00:30 Moscow (still 03-09 in UTC).
    const anna = await insertUser(msk("2020-03-10T00:30:00"));
    const boris = await insertUser(msk("2020-03-10T18:00:00"));
    // 23:59 Moscow on 03-11 is 20:59 UTC; 00:10 Moscow on 03-12 is 21:10 UTC of 03-11.
    const vera = await insertUser(msk("2020-03-11T23:59:00"));

    const annaTopic = await insertTopic(anna, msk("2020-03-10T01:00:00"));
    await insertMessage(annaTopic, "user", msk("2020-03-10T01:00:00"));
    await insertMessage(annaTopic, "assistant", msk("2020-03-10T01:00:05"));
    await insertMessage(annaTopic, "user", msk("2020-03-10T02:00:00"));
    await insertMessage(annaTopic, "assistant", msk("2020-03-10T02:00:05"));
    const borisTopic = await insertTopic(boris, msk("2020-03-10T19:00:00"));
    await insertMessage(borisTopic, "user", msk("2020-03-10T19:00:00"));
    await insertMessage(borisTopic, "assistant", msk("2020-03-10T19:00:05"));
    // Anna writes again after midnight Moscow time: that is 03-12 (21:05 UTC of 03-11).
    await insertMessage(annaTopic, "user", msk("2020-03-12T00:05:00"));
    await insertMessage(annaTopic, "assistant", msk("2020-03-12T00:05:05"));
    const veraTopic = await insertTopic(vera, msk("2020-03-12T00:10:00"));
    // Only an assistant message from Vera's topic that day: she is not an active user.
    await insertMessage(veraTopic, "assistant", msk("2020-03-12T00:10:05"));

    await insertCharge(anna, msk("2020-03-10T01:00:00"));
    await insertCharge(anna, msk("2020-03-10T02:00:00"));
    await insertCharge(boris, msk("2020-03-10T19:00:00"), true);
    await insertCharge(anna, msk("2020-03-12T00:05:00"));

    await insertPayment(boris, 49_900, "succeeded", msk("2020-03-10T20:00:00"));
    await insertPayment(anna, 19_950, "succeeded", msk("2020-03-10T23:30:00"));
    await insertPayment(anna, 99_900, "refunded", msk("2020-03-10T21:00:00"));
    await insertPayment(anna, 99_900, "pending", msk("2020-03-10T21:30:00"));
    await insertPayment(vera, 10_000, "succeeded", msk("2020-03-12T00:20:00"));

    const res = await daily("?from=2020-03-09&to=2020-03-13");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { date: "2020-03-09", ...zeros },
      {
        date: "2020-03-10",
        new_users: 2,
        active_users: 2,
        topics: 2,
        messages: 6,
        requests_used: 2,
        payments: 2,
        revenue: 698.5,
      },
      { date: "2020-03-11", ...zeros, new_users: 1 },
      {
        date: "2020-03-12",
        ...zeros,
        active_users: 1,
        topics: 1,
        messages: 3,
        requests_used: 1,
        payments: 1,
        revenue: 100,
      },
      { date: "2020-03-13", ...zeros },
    ]);

    // A one-day range gives just that day.
    const one = await daily("?from=2020-03-11&to=2020-03-11");
    expect(await one.json()).toEqual([{ date: "2020-03-11", ...zeros, new_users: 1 }]);
  });

  it(
    "counts the messages a send writes (in a history shard) on today's Moscow day, and the asker as " + "active",
    async () => {
      const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
      const before = (
        (await (await daily(`?from=${today}&to=${today}`)).json()) as { messages: number; active_users: number }[]
      )[0]!;
      const res = await startTopic(await newAccount(), "Вопрос для статистики");
      expect(res.status).toBe(200);
      await res.text();
      const after = (
        (await (await daily(`?from=${today}&to=${today}`)).json()) as { messages: number; active_users: number }[]
      )[0]!;
      expect(after.messages - before.messages).toBeGreaterThanOrEqual(2);
      expect(after.active_users - before.active_users).toBeGreaterThanOrEqual(1);
    },
  );

  it("answers 403 to a user and 401 without a token", async () => {
    const user = await registerUser();
    const res = await daily("?from=2020-01-01&to=2020-01-02", user.record);
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Недостаточно прав");
    expect((await call("/statistics/common/daily?from=2020-01-01&to=2020-01-02")).status).toBe(401);
  });

  it.each([
    ["", "from"],
    ["?from=2020-01-01", "to"],
    ["?from=2020-1-01&to=2020-01-02", "from"],
    ["?from=2020-02-30&to=2020-03-02", "from"],
    ["?from=2020-03-02&to=2020-03-01", "from"],
    ["?from=2020-01-01&to=2021-01-02", "to"],
  ])("answers 422 for a bad range %s", async (query, field) => {
    const res = await daily(query);
    expect(res.status).toBe(422);
    const detail = (await detailOf(res)) as { loc: string[]; msg: string }[];
    expect(detail.some((d) => d.loc[0] === "query" && d.loc[1] === field)).toBe(true);
    expect(detail.every((d) => /[а-яА-Я]/.test(d.msg))).toBe(true);
  });

  it("accepts exactly 366 days", async () => {
    const res = await daily("?from=2020-01-01&to=2020-12-31");
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(366);
  });
});
