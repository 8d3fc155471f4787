import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { nextMoscowMidnight } from "../../worker/billing/services/daily-limits";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, registerUser } from "./helpers";
import { newAccount, sendMessage, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The cron runs at chosen scheduled times, all at or before the real now: it deletes rows ended
// by its own time, so a run in the future would end other tests' rows early.
/** 00:00 Moscow time of the current Moscow day: when today's cron was due. */
const lastMidnight = () => nextMoscowMidnight(Date.now()) - DAY;

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime, cron: "0 21 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

type Row = { id: number; requests: number; available_requests: number; date_expire: number | null; source: string };
const rowsOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT id, requests, available_requests, date_expire, source FROM limits WHERE user_id = ? ORDER BY id",
    )
      .bind(userId)
      .all<Row>()
  ).results;
const dailyRowsOf = async (userId: number) => (await rowsOf(userId)).filter((r) => r.source === "daily");

async function addRow(userId: number, source: string, dateExpire: number | null, requests = 10) {
  const row = await env.DB.prepare(
    "INSERT INTO limits (user_id, requests, available_requests, date_expire, source) VALUES (?, ?, ?, ?, ?) " +
      "RETURNING id",
  )
    .bind(userId, requests, requests, dateExpire, source)
    .first<{ id: number }>();
  return row!.id;
}

describe("Moscow midnight", () => {
  it("is 21:00 UTC; at midnight itself the next one is a day later", () => {
    expect(nextMoscowMidnight(Date.UTC(2026, 0, 15, 20, 59, 59, 999))).toBe(Date.UTC(2026, 0, 15, 21));
    expect(nextMoscowMidnight(Date.UTC(2026, 0, 15, 21))).toBe(Date.UTC(2026, 0, 16, 21));
    expect(nextMoscowMidnight(Date.UTC(2026, 0, 15, 23, 30))).toBe(Date.UTC(2026, 0, 16, 21));
    expect(nextMoscowMidnight(Date.UTC(2026, 0, 16, 3))).toBe(Date.UTC(2026, 0, 16, 21));
    // No daylight saving: the same in July, and across a year's end.
    expect(nextMoscowMidnight(Date.UTC(2026, 6, 1, 12))).toBe(Date.UTC(2026, 6, 1, 21));
    expect(nextMoscowMidnight(Date.UTC(2026, 11, 31, 22))).toBe(Date.UTC(2027, 0, 1, 21));
  });
});

describe("the nightly free pack", () => {
  it("gives every user today's pack, expiring at the next Moscow midnight, and the user sees it", async () => {
    const midnight = lastMidnight();
    const account = await newAccount();
    await runCron(midnight);

    expect(await dailyRowsOf(account.userId)).toEqual([
      {
        id: expect.any(Number),
        requests: QUOTAS.freeDailyRequests,
        available_requests: QUOTAS.freeDailyRequests,
        date_expire: midnight + DAY,
        source: "daily",
      },
    ]);
    const res = await call("/limits/", { headers: authHeaders(account.record) });
    const limits = (await res.json()) as {
      available_requests: number;
      limits: { source: string; date_expire: string | null }[];
    };
    expect(limits.available_requests).toBe(QUOTAS.startRequests + QUOTAS.freeDailyRequests);
    // It expires first, so it is listed (and spent) first.
    expect(limits.limits[0]).toMatchObject({ source: "daily", date_expire: new Date(midnight + DAY).toISOString() });
  });

  it(
    "running again, or late the same day, changes nothing more: no second pack, what was spent stays " + "spent",
    async () => {
      const midnight = lastMidnight();
      const account = await newAccount();
      await runCron(midnight);
      const [daily] = await dailyRowsOf(account.userId);

      // One request spent from today's pack.
      const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, "Вопрос")).rest());
      expect(topicId).toBeGreaterThan(0);
      expect((await dailyRowsOf(account.userId))[0]!.available_requests).toBe(QUOTAS.freeDailyRequests - 1);

      await runCron(midnight);
      await runCron(Date.now());
      expect(await dailyRowsOf(account.userId)).toEqual([
        { ...daily!, available_requests: QUOTAS.freeDailyRequests - 1 },
      ]);
    },
  );

  it("a late run gives the pack to users made since the last run, and only to them", async () => {
    const midnight = lastMidnight();
    const early = await registerUser();
    await runCron(midnight);
    const before = await dailyRowsOf(early.userId);
    const late = await registerUser();
    expect(await dailyRowsOf(late.userId)).toEqual([]);

    await runCron(Date.now());
    expect(await dailyRowsOf(early.userId)).toEqual(before);
    expect(await dailyRowsOf(late.userId)).toEqual([
      expect.objectContaining({ date_expire: midnight + DAY, available_requests: QUOTAS.freeDailyRequests }),
    ]);
  });

  it("yesterday's pack ends at midnight, unspent requests and all; a missed day is not made up", async () => {
    const midnight = lastMidnight();
    const account = await registerUser();
    await runCron(midnight - 2 * DAY);
    expect(await dailyRowsOf(account.userId)).toEqual([expect.objectContaining({ date_expire: midnight - DAY })]);

    // No run the next day; today's run removes the old pack and gives one for today only.
    await runCron(midnight);
    expect(await dailyRowsOf(account.userId)).toEqual([
      expect.objectContaining({ date_expire: midnight + DAY, available_requests: QUOTAS.freeDailyRequests }),
    ]);
  });

  it("a user who spent everything can send again after the night", async () => {
    const account = await newAccount();
    await env.DB.prepare("UPDATE limits SET available_requests = 0 WHERE user_id = ?").bind(account.userId).run();
    const refused = await startTopic(account, "Вопрос", { assistantType: "gpt" });
    expect(refused.status).toBe(402);

    await runCron(lastMidnight());
    const reply = await new StreamReader(
      await startTopic(account, "Вопрос после полуночи", { assistantType: "gpt" }),
    ).rest();
    const created = splitTopicLine(reply).topicId;
    await new StreamReader(await sendMessage(account, created, "Ещё вопрос")).rest();
    expect((await dailyRowsOf(account.userId))[0]!.available_requests).toBe(QUOTAS.freeDailyRequests - 2);
  });
});

describe("ended rows", () => {
  it("are deleted by the run whose time has reached their date_expire; active and never-ending rows stay", async () => {
    const midnight = lastMidnight();
    const { userId } = await registerUser();
    const [start] = await rowsOf(userId);
    const endedYesterday = await addRow(userId, "subscription", midnight - DAY);
    const endsAtMidnight = await addRow(userId, "promo", midnight);
    const endsLater = await addRow(userId, "subscription", midnight + 20 * DAY);
    const admin = await addRow(userId, "admin", null);

    await runCron(midnight);
    const ids = (await rowsOf(userId)).map((r) => r.id);
    expect(ids).not.toContain(endedYesterday);
    expect(ids).not.toContain(endsAtMidnight);
    expect(ids).toEqual(expect.arrayContaining([start!.id, endsLater, admin]));

    // And again: nothing more goes.
    await runCron(midnight);
    expect((await rowsOf(userId)).map((r) => r.id)).toEqual(ids);
  });
});

describe("at scale", () => {
  it("gives the pack to thousands of users in one set-based pass, once", async () => {
    const midnight = lastMidnight();
    const tag = `bulk-${crypto.randomUUID().slice(0, 8)}`;
    const COUNT = 5000;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${COUNT})
       INSERT INTO users (email, name) SELECT '${tag}-' || i || '@example.test', 'Массовый' FROM n`,
    ).run();
    const countDaily = async () =>
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM limits l JOIN users u ON u.id = l.user_id WHERE u.email LIKE ? AND l.source = " +
          "'daily' AND l.date_expire = ?",
      )
        .bind(`${tag}-%`, midnight + DAY)
        .first<{ n: number }>())!.n;

    await runCron(midnight);
    expect(await countDaily()).toBe(COUNT);
    await runCron(midnight);
    expect(await countDaily()).toBe(COUNT);
  });
});
