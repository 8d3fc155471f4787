import { env } from "cloudflare:test";
import { historyOf } from "./topics-db";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { refundRequest, takeRequest } from "../../worker/billing/services/limits";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, detailOf } from "./helpers";
import {
  newAccount,
  savedMessages,
  sendMessage,
  setRequestsLeft,
  splitTopicLine,
  startTopic,
  StreamReader,
  type Account,
} from "./streams-helpers";

type Limits = {
  available_requests: number;
  is_unlimited: boolean;
  limits: {
    id: number;
    requests: number;
    available_requests: number;
    is_unlimited: boolean;
    date_expire: string | null;
    source: string;
  }[];
};

async function limitsOf(account: Account): Promise<Limits> {
  const res = await call("/limits/", { headers: authHeaders(account.record) });
  expect(res.status).toBe(200);
  return (await res.json()) as Limits;
}

async function addLimit(
  userId: number,
  row: { requests: number; available: number; unlimited?: boolean; expire?: number | null; source?: string },
) {
  const { meta } = await env.DB.prepare(
    "INSERT INTO limits (user_id, requests, available_requests, is_unlimited, date_expire, source) VALUES (?, ?, " +
      "?, ?, ?, ?)",
  )
    .bind(userId, row.requests, row.available, row.unlimited ? 1 : 0, row.expire ?? null, row.source ?? "promo")
    .run();
  return meta.last_row_id;
}

const rowsOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT id, available_requests FROM limits WHERE user_id = ? ORDER BY id")
      .bind(userId)
      .all<{ id: number; available_requests: number }>()
  ).results;

describe("GET /limits/", () => {
  it("shows the start pack of a new user", async () => {
    const account = await newAccount();
    const limits = await limitsOf(account);
    expect(limits).toEqual({
      available_requests: QUOTAS.startRequests,
      is_unlimited: false,
      limits: [
        {
          id: expect.any(Number),
          requests: QUOTAS.startRequests,
          available_requests: QUOTAS.startRequests,
          is_unlimited: false,
          date_expire: null,
          source: "start",
          name: null,
        },
      ],
      pool: null,
    });
  });

  it("sums the active rows, lists the one that expires first first, and leaves out expired rows", async () => {
    const account = await newAccount();
    const soon = Date.now() + 86_400_000;
    await addLimit(account.userId, { requests: 5, available: 3, expire: soon, source: "daily" });
    await addLimit(account.userId, {
      requests: 100,
      available: 100,
      expire: Date.now() - 1000,
      source: "subscription",
    });
    const limits = await limitsOf(account);
    expect(limits.available_requests).toBe(QUOTAS.startRequests + 3);
    expect(limits.limits.map((l) => [l.source, l.date_expire])).toEqual([
      ["daily", new Date(soon).toISOString()],
      ["start", null],
    ]);
  });

  it("says so when an unlimited row is active", async () => {
    const account = await newAccount();
    await addLimit(account.userId, {
      requests: 0,
      available: 0,
      unlimited: true,
      expire: Date.now() + 3_600_000,
      source: "subscription",
    });
    expect((await limitsOf(account)).is_unlimited).toBe(true);
  });

  it("is given by migration 0003 to users made before limits existed", async () => {
    const { meta } = await env.DB.prepare("INSERT INTO users (email, name) VALUES (?, 'Старый пользователь')")
      .bind(`old-${crypto.randomUUID()}@example.test`)
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0003_"))!;
    await env.DB.prepare(migration.queries[0]!).run();
    const rows = await env.DB.prepare("SELECT requests, available_requests, source FROM limits WHERE user_id = ?")
      .bind(meta.last_row_id)
      .all();
    expect(rows.results).toEqual([
      { requests: QUOTAS.startRequests, available_requests: QUOTAS.startRequests, source: "start" },
    ]);
    // Running it again gives nobody a second pack.
    await env.DB.prepare(migration.queries[0]!).run();
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM limits WHERE user_id = ?")
        .bind(meta.last_row_id)
        .first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it("needs a signed-in user", async () => {
    const res = await call("/limits/");
    expect(res.status).toBe(401);
  });
});

describe("taking requests", () => {
  it(
    "takes from the active row that expires first, skipping expired and empty rows; 402 when none is " + "left",
    async () => {
      const account = await newAccount();
      await setRequestsLeft(account, 0);
      const [start] = await rowsOf(account.userId);
      const later = await addLimit(account.userId, { requests: 2, available: 1, expire: Date.now() + 2 * 86_400_000 });
      const sooner = await addLimit(account.userId, { requests: 2, available: 1, expire: Date.now() + 86_400_000 });
      await addLimit(account.userId, { requests: 9, available: 9, expire: Date.now() - 1 });
      const db = getDb(env.DB);

      expect(await takeRequest(db, account.userId)).toMatchObject({ limitId: sooner, unlimited: false });
      expect(await takeRequest(db, account.userId)).toMatchObject({ limitId: later, unlimited: false });
      await expect(takeRequest(db, account.userId)).rejects.toMatchObject({
        status: 402,
        detail: "Лимит запросов исчерпан",
      });
      expect((await rowsOf(account.userId)).find((r) => r.id === start!.id)!.available_requests).toBe(0);
    },
  );

  it("never decrements an unlimited row, and refunds go back to the row they came from", async () => {
    const account = await newAccount();
    const db = getDb(env.DB);
    const taken = await takeRequest(db, account.userId);
    expect((await rowsOf(account.userId))[0]!.available_requests).toBe(QUOTAS.startRequests - 1);
    await refundRequest(db, taken);
    expect((await rowsOf(account.userId))[0]!.available_requests).toBe(QUOTAS.startRequests);

    const unlimited = await addLimit(account.userId, { requests: 0, available: 0, unlimited: true });
    for (let i = 0; i < 3; i++)
      expect(await takeRequest(db, account.userId)).toMatchObject({ limitId: unlimited, unlimited: true });
    expect((await rowsOf(account.userId)).map((r) => r.available_requests)).toEqual([QUOTAS.startRequests, 0]);
  });

  it("answers 402 to a send with no requests left, before the model is called and without a message", async () => {
    const account = await newAccount();
    await setRequestsLeft(account, 0);
    const res = await startTopic(account, "Вопрос без запросов");
    expect(res.status).toBe(402);
    expect(await detailOf(res)).toBe("Лимит запросов исчерпан");
    // No empty topic was left behind.
    const { results } = await env.DB.prepare("SELECT id FROM topics WHERE user_id = ?").bind(account.userId).all();
    expect(results).toEqual([]);
  });

  it("lets exactly one of parallel sends through when one request is left", async () => {
    const account = await newAccount();
    const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, "Первый")).rest());
    await setRequestsLeft(account, 1);

    // Several topics, so the topic's own one-reply rule does not decide the race: the limit does.
    const answers = await Promise.all([
      sendMessage(account, topicId, "Параллельный 1"),
      startTopic(account, "Параллельный 2"),
      startTopic(account, "Параллельный 3"),
      startTopic(account, "Параллельный 4"),
      startTopic(account, "Параллельный 5"),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402, 402, 402, 402]);
    for (const res of answers) await (res.status === 200 ? new StreamReader(res).rest() : res.text());
    expect((await rowsOf(account.userId))[0]!.available_requests).toBe(0);
    expect((await limitsOf(account)).available_requests).toBe(0);
    // Only the send that got through left messages.
    const { results } = await (await historyOf(account.userId))
      .prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?")
      .bind(account.userId)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(4);
    expect((await savedMessages(topicId)).length).toBe(answers[0]!.status === 200 ? 4 : 2);
  });
});
