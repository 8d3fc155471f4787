import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { RequestLogLine } from "../../worker/http/request-log";
import { authHeaders, call, registerUser } from "./helpers";

// Request ids (docs/operations.md "Request ids and logs"): every answer names its request, every
// request leaves one JSON log line with that id, and a 500 says the id to the user.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REFUSED_FOLDER = "отказ-базы-для-теста";

let printed: MockInstance[] = [];
beforeEach(() => {
  // The Worker runs in this isolate: its console is this one.
  printed = (["log", "warn", "error"] as const).map((level) => vi.spyOn(console, level));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("DROP TRIGGER IF EXISTS refuse_folder").run();
});

/** The request log lines printed so far (other output, a service's own messages, is left out). */
function logLines(): { line: RequestLogLine; by: string }[] {
  const lines: { line: RequestLogLine; by: string }[] = [];
  for (const [i, spy] of printed.entries()) {
    for (const args of spy.mock.calls) {
      if (typeof args[0] !== "string" || !args[0].startsWith("{")) continue;
      const line = JSON.parse(args[0]) as RequestLogLine;
      if (line.message === "request") lines.push({ line, by: ["log", "warn", "error"][i] });
    }
  }
  return lines;
}

const lineOf = (id: string) => logLines().find(({ line }) => line.request_id === id);

describe("request ids", () => {
  it("without cf-ray: a random id on the answer and in its one log line, with no user", async () => {
    const res = await call("/health");
    expect(res.status).toBe(200);
    const id = res.headers.get("X-Request-Id")!;
    expect(id).toMatch(UUID);
    expect(logLines().filter(({ line }) => line.request_id === id)).toHaveLength(1);
    expect(lineOf(id)).toEqual({
      by: "log",
      line: {
        level: "info",
        message: "request",
        request_id: id,
        method: "GET",
        route: "/api/v2/health",
        status: 200,
        user_id: null,
        duration_ms: expect.any(Number),
      },
    });
    const other = await call("/health");
    expect(other.headers.get("X-Request-Id")).not.toBe(id);
  });

  it("with cf-ray: Cloudflare's ray id is the request's id; a client's own X-Request-Id is not taken", async () => {
    const ray = "8f3a1c2b4d5e6f70-DME";
    const res = await call("/health", { headers: { "cf-ray": ray, "X-Request-Id": "chosen-by-the-client" } });
    expect(res.headers.get("X-Request-Id")).toBe(ray);
    expect(lineOf(ray)?.line.status).toBe(200);
    const own = await call("/health", { headers: { "X-Request-Id": "chosen-by-the-client" } });
    expect(own.headers.get("X-Request-Id")).toMatch(UUID);
    const odd = await call("/health", { headers: { "cf-ray": "not a ray; id" } });
    expect(odd.headers.get("X-Request-Id")).toMatch(UUID);
  });

  it("a signed-in call logs the user's id and the route's pattern, not the path, its query or any token", async () => {
    const { record, userId, email } = await registerUser();
    const res = await call("/folders/explain_law?secret=abc", { headers: authHeaders(record) });
    expect(res.status).toBe(200);
    const logged = lineOf(res.headers.get("X-Request-Id")!)!;
    expect(logged.line).toMatchObject({ route: "/api/v2/folders/:assistantType", status: 200, user_id: userId });
    const text = JSON.stringify(logged.line);
    for (const secret of ["secret=abc", email, record.access_token]) expect(text).not.toContain(secret);
  });

  it("refusals carry the id too and log as warnings; an unknown path has no route", async () => {
    const unsigned = await call("/folders/explain_law");
    expect(unsigned.status).toBe(401);
    const id = unsigned.headers.get("X-Request-Id")!;
    expect(lineOf(id)).toMatchObject({ by: "warn", line: { status: 401, route: "/api/v2/folders/:assistantType" } });
    const unknown = await call("/nope");
    expect(unknown.status).toBe(404);
    expect(lineOf(unknown.headers.get("X-Request-Id")!)?.line).toMatchObject({ status: 404, route: null });
  });

  it("an unexpected failure: a 500 whose Russian text names the id, logged as an error with its stack", async () => {
    // D1 itself refuses the write, as a broken database would: nothing in the Worker is faked.
    await env.DB.prepare(
      `CREATE TRIGGER refuse_folder BEFORE INSERT ON folders WHEN NEW.name = '${REFUSED_FOLDER}' BEGIN ` +
        "SELECT RAISE(ABORT, 'refused by the test'); END",
    ).run();
    const { record, userId } = await registerUser();
    const ray = "9a0b1c2d3e4f5061-LED";
    const res = await call(`/folders/explain_law/${encodeURIComponent(REFUSED_FOLDER)}`, {
      method: "POST",
      headers: { ...authHeaders(record), "cf-ray": ray },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get("X-Request-Id")).toBe(ray);
    expect(await res.json()).toEqual({ detail: `Внутренняя ошибка сервера. Код запроса для поддержки: ${ray}` });
    const logged = lineOf(ray)!;
    expect(logged.by).toBe("error");
    expect(logged.line).toMatchObject({
      level: "error",
      status: 500,
      route: "/api/v2/folders/:assistantType/:name",
      user_id: userId,
    });
    // What failed and where, from D1's own error, but not the values bound into the query (the user's words).
    expect(logged.line.error?.message).toMatch(/^Failed query: insert into "folders"/);
    expect(logged.line.error?.cause).toContain("refused by the test");
    expect(logged.line.error?.stack).toMatch(/^\s+at .*\n\s+at /);
    expect(logged.line.error?.stack).toContain("worker/conversations/services/folders.ts");
    expect(JSON.stringify(logged.line)).not.toContain(REFUSED_FOLDER);
  });
});
