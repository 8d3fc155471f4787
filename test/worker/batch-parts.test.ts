import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type BatchPart, NOTHING_TO_JOIN, oncePart, queryPart, runPart, runParts } from "../../worker/db/batch-parts";
import { getDb } from "../../worker/db/client";
import { products } from "../../worker/db/schema";

// One D1 batch made of parts (docs/scale.md "The first chunk"): what the send relies on when its
// session check, its topic and its request go to D1 together.

const counted = (calls: string[], name: string, sql: string): BatchPart<unknown[]> => ({
  statements: [env.DB.prepare(sql)],
  read: ([result]) => {
    calls.push(name);
    return result!.results;
  },
});

const refusing = (sql: string): BatchPart<never> => ({
  statements: [env.DB.prepare(sql)],
  read: () => {
    throw new Error("refused by its part");
  },
});

describe("runParts", () => {
  it("gives each part its own results, in the batch's order", async () => {
    const calls: string[] = [];
    const [one, two] = runParts<[unknown[], unknown[]]>(env.DB, [
      counted(calls, "one", "SELECT 1 AS n"),
      { statements: [env.DB.prepare("SELECT 2 AS n"), env.DB.prepare("SELECT 3 AS n")], read: (results) => results.map((r) => r.results) },
    ]);
    expect(await one).toEqual([{ n: 1 }]);
    expect(await two).toEqual([[{ n: 2 }], [{ n: 3 }]]);
    expect(calls).toEqual(["one"]);
  });

  it("a part that refuses does not lose the others' outcome, nor undo their writes", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS batch_parts_probe (n INTEGER)");
    const [written, refused] = runParts<[unknown[], never]>(env.DB, [
      { statements: [env.DB.prepare("INSERT INTO batch_parts_probe (n) VALUES (7) RETURNING n")], read: ([r]) => r!.results },
      refusing("SELECT 1"),
    ]);
    await expect(refused).rejects.toThrow("refused by its part");
    expect(await written).toEqual([{ n: 7 }]);
    expect(await env.DB.prepare("SELECT count(*) AS c FROM batch_parts_probe WHERE n = 7").first("c")).toBe(1);
  });

  it("a batch D1 refuses rejects every part and writes nothing (one transaction)", async () => {
    await env.DB.exec("CREATE TABLE IF NOT EXISTS batch_parts_probe (n INTEGER)");
    const [written, broken] = runParts<[unknown, unknown]>(env.DB, [
      { statements: [env.DB.prepare("INSERT INTO batch_parts_probe (n) VALUES (8)")], read: () => "written" },
      { statements: [env.DB.prepare("SELECT * FROM no_such_table")], read: () => "read" },
    ]);
    await expect(written).rejects.toThrow(/no such table/);
    await expect(broken).rejects.toThrow(/no such table/);
    expect(await env.DB.prepare("SELECT count(*) AS c FROM batch_parts_probe WHERE n = 8").first("c")).toBe(0);
  });

  it("a part of no statements reads nothing", async () => {
    const [nothing, one] = runParts<[unknown, unknown[]]>(env.DB, [NOTHING_TO_JOIN.part, counted([], "one", "SELECT 1 AS n")]);
    expect(await nothing).toBeUndefined();
    expect(await one).toEqual([{ n: 1 }]);
  });

  it("reads a drizzle query as drizzle does", async () => {
    const db = getDb(env.DB);
    const rows = await runPart(env.DB, queryPart(env.DB, db.select({ type: products.assistantType, active: products.active }).from(products)));
    expect(rows.length).toBeGreaterThan(0);
    expect(typeof rows[0]!.active).toBe("boolean");
  });
});

describe("oncePart", () => {
  it("joined to a batch, it runs there once, and running it after only answers that outcome", async () => {
    const calls: string[] = [];
    const check = oncePart(env.DB, () => counted(calls, "check", "SELECT 5 AS n"));
    const joined = check.join();
    const [outcome] = runParts<[unknown]>(env.DB, [joined.part]);
    joined.settle(outcome);
    expect(await check.run()).toEqual([{ n: 5 }]);
    expect(await check.result).toEqual([{ n: 5 }]);
    expect(check.join()).toBe(NOTHING_TO_JOIN);
    expect(calls).toEqual(["check"]);
  });

  it("run alone, it runs once, and a later join has nothing to add", async () => {
    const calls: string[] = [];
    const check = oncePart(env.DB, () => counted(calls, "check", "SELECT 6 AS n"));
    const [first, second] = await Promise.all([check.run(), check.run()]);
    expect(first).toEqual([{ n: 6 }]);
    expect(second).toBe(first);
    expect(check.join()).toBe(NOTHING_TO_JOIN);
    expect(calls).toEqual(["check"]);
  });

  it("its refusal is its result's, however it ran", async () => {
    const check = oncePart(env.DB, () => refusing("SELECT 1"));
    const joined = check.join();
    joined.settle(runParts<[unknown]>(env.DB, [joined.part])[0]);
    await expect(check.result).rejects.toThrow("refused by its part");
    await expect(check.run()).rejects.toThrow("refused by its part");
  });
});
