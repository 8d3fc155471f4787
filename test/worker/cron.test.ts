import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { historyOf } from "./topics-db";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { registerUser } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

async function runCron(now: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: now, cron: "0 21 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("nightly clean-up", () => {
  it(
    "drops old rate-limit windows, dead recovery links, old letters and ended sessions with their " + "tokens",
    async () => {
      const now = Date.now();
      const live = await registerUser();
      const expired = await registerUser();
      const revokedLongAgo = await registerUser();
      const revokedRecently = await registerUser();
      const sid = (r: { record: { access_token: string } }) => decodeJwt(r.record.access_token).sid as string;

      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO rate_limits (key, window_start, count) VALUES ('cron-test:old', ?, 5), ('cron-test:new', ?, 5)",
        ).bind(now - 2 * DAY, now - 60_000),
        env.DB.prepare(
          "INSERT INTO recovery_tokens (token_hash, user_id, expires_at) VALUES ('cron-old', ?, ?), ('cron-fresh', " +
            "?, ?)",
        ).bind(live.userId, now - 2 * DAY, live.userId, now + 60_000),
        env.DB.prepare(
          "INSERT INTO mail_outbox (\"to\", subject, text, created_at) VALUES ('cron-old@example.test', 's', 't', " +
            "?), ('cron-new@example.test', 's', 't', ?)",
        ).bind(now - 31 * DAY, now - DAY),
        env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(now - 1, sid(expired)),
        env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(now - 31 * DAY, sid(revokedLongAgo)),
        env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(now - DAY, sid(revokedRecently)),
      ]);

      await runCron(now);

      expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'cron-test:%'")).toBe(1);
      expect(await count("SELECT count(*) AS n FROM recovery_tokens WHERE token_hash LIKE 'cron-%'")).toBe(1);
      expect(await count("SELECT count(*) AS n FROM recovery_tokens WHERE token_hash = 'cron-fresh'")).toBe(1);
      expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE \"to\" LIKE 'cron-%'")).toBe(1);
      expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE \"to\" = 'cron-new@example.test'")).toBe(1);
      const sessionsLeft = async (r: Parameters<typeof sid>[0]) =>
        count("SELECT count(*) AS n FROM sessions WHERE id = ?", sid(r));
      expect(await sessionsLeft(live)).toBe(1);
      expect(await sessionsLeft(expired)).toBe(0);
      expect(await sessionsLeft(revokedLongAgo)).toBe(0);
      // Recently revoked sessions stay a while: their refresh tokens still reveal a replay.
      expect(await sessionsLeft(revokedRecently)).toBe(1);
      // Refresh tokens go with their session (ON DELETE CASCADE).
      expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE session_id = ?", sid(expired))).toBe(0);
      expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE session_id = ?", sid(live))).toBe(1);

      // Twice is harmless.
      await runCron(now);
      expect(await sessionsLeft(live)).toBe(1);
    },
  );
});

describe("nightly clean-up of uploads", () => {
  it("drops files never sent within a day, bytes and rows, and keeps sent and fresh ones", async () => {
    const now = Date.now();
    const { userId } = await registerUser();
    const topic = await env.DB.prepare("INSERT INTO topics (user_id, assistant_type) VALUES (?, 'gpt') RETURNING id")
      .bind(userId)
      .first<{ id: number }>();
    const shard = await historyOf(userId);
    const message = await shard
      .prepare("INSERT INTO messages (topic_id, user_id, role, text) VALUES (?, ?, 'user', 'вопрос') RETURNING id")
      .bind(topic!.id, userId)
      .first<{ id: number }>();
    const files = [
      { key: `u/${userId}/cron-stale`, messageId: null, createdAt: now - 2 * DAY },
      { key: `u/${userId}/cron-fresh`, messageId: null, createdAt: now - 60_000 },
      { key: `u/${userId}/cron-sent`, messageId: message!.id, createdAt: now - 2 * DAY },
    ];
    for (const f of files) {
      await env.FILES.put(f.key, "bytes");
      await shard
        .prepare(
          "INSERT INTO attachments (user_id, message_id, kind, filename, content_type, size, r2_key, created_at) " +
            "VALUES (?, ?, 'document', 'a.txt', 'text/plain', 5, ?, ?)",
        )
        .bind(userId, f.messageId, f.key, f.createdAt)
        .run();
    }

    await runCron(now);

    const left = await shard
      .prepare("SELECT r2_key FROM attachments WHERE user_id = ? ORDER BY r2_key")
      .bind(userId)
      .all<{ r2_key: string }>();
    expect(left.results.map((r) => r.r2_key)).toEqual([`u/${userId}/cron-fresh`, `u/${userId}/cron-sent`]);
    expect(await env.FILES.head(`u/${userId}/cron-stale`)).toBeNull();
    expect(await env.FILES.head(`u/${userId}/cron-fresh`)).not.toBeNull();
    expect(await env.FILES.head(`u/${userId}/cron-sent`)).not.toBeNull();
  });
});
