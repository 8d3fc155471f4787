import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "./helpers";

// Readiness (docs/operations.md "Health and readiness"). Bindings are made to fail for real: a shard's
// or the main database's tables renamed away, the directory naming a shard this Worker does not bind.

type Ready = { status: string; checks: Record<string, string>; failed?: string[]; detail?: string };

const ready = async () => {
  const res = await call("/health/ready");
  return { status: res.status, body: (await res.json()) as Ready, res };
};

const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

async function renameTable(db: D1Database, from: string, to: string) {
  await db.prepare(`ALTER TABLE ${from} RENAME TO ${to}`).run();
  undo.push(() => db.prepare(`ALTER TABLE ${to} RENAME TO ${from}`).run());
}

describe("GET /health/ready", () => {
  it("answers 200 when D1, each shard of the directory, KV, R2 and the Durable Objects answer", async () => {
    const { status, body, res } = await ready();
    expect(status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    // HISTORY_2 is bound but not in the directory (test/worker/setup.ts): it holds nobody's chats, so it is not asked.
    expect(body).toEqual({
      status: "ready",
      checks: { DB: "ok", KV: "ok", FILES: "ok", TOPIC_OBJECT: "ok", HISTORY_0: "ok", HISTORY_1: "ok" },
    });
  });

  it("names a history shard whose database lost its tables, with a Russian detail and 503", async () => {
    await renameTable(env.HISTORY_1!, "messages", "messages_away");
    const printed = vi.spyOn(console, "error");
    const { status, body, res } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      detail: "Сервис не готов, не отвечают: HISTORY_1",
      status: "not_ready",
      failed: ["HISTORY_1"],
      checks: { DB: "ok", HISTORY_0: "ok", HISTORY_1: "failed", KV: "ok", FILES: "ok", TOPIC_OBJECT: "ok" },
    });
    // The failure's own log line, a JSON object with the request's id (logEvent, worker/http/log.ts).
    const lines = printed.mock.calls.map(([text]) => JSON.parse(String(text)));
    printed.mockRestore();
    expect(lines).toContainEqual({
      level: "error",
      message: "readiness check failed",
      request_id: res.headers.get("X-Request-Id"),
      binding: "HISTORY_1",
      err: expect.objectContaining({ message: "HISTORY_1 has no history tables" }),
    });
  });

  it("names a shard the directory lists but this Worker does not bind", async () => {
    await env.DB.prepare("INSERT INTO history_shards (id, open) VALUES (7, 0)").run();
    undo.push(() => env.DB.prepare("DELETE FROM history_shards WHERE id = 7").run());
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failed).toEqual(["HISTORY_7"]);
    expect(body.checks.HISTORY_0).toBe("ok");
  });

  it("names the main database when it cannot read the directory", async () => {
    await renameTable(env.DB, "history_shards", "history_shards_away");
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failed).toEqual(["DB"]);
    expect(body.checks).toEqual({ DB: "failed", KV: "ok", FILES: "ok", TOPIC_OBJECT: "ok" });
  });

  it("liveness stays an answer of the Worker alone, ready or not", async () => {
    await renameTable(env.DB, "history_shards", "history_shards_away");
    const res = await call("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("is in the OpenAPI document with both answers", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown>; security: unknown[] } }>;
    };
    const operation = doc.paths["/api/v2/health/ready"]?.get;
    expect(operation?.security).toEqual([]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["200", "503"]));
  });
});
