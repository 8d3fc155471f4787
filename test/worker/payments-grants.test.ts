import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { grantStatement } from "../../worker/billing/services/grants";
import { registerUser } from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;
const rowOf = (id: number) =>
  env.DB.prepare("SELECT * FROM limits WHERE id = ?").bind(id).first<Record<string, unknown>>();

// grantStatement is shared by payments and promo codes: a granted pack is one `limits` row.
describe("grantStatement", () => {
  it("inserts a pack of requests that expires after its days", async () => {
    const { userId } = await registerUser();
    const db = getDb(env.DB);
    const now = Date.now();
    const [[row]] = await db.batch([
      grantStatement(db, { userId, requests: 30, days: 30, source: "subscription" }, { now }),
    ]);
    expect(await rowOf(row!.id)).toMatchObject({
      user_id: userId,
      requests: 30,
      available_requests: 30,
      is_unlimited: 0,
      date_expire: now + 30 * DAY_MS,
      source: "subscription",
    });
  });

  it("an unlimited pack counts no requests; no days means it never expires", async () => {
    const { userId } = await registerUser();
    const db = getDb(env.DB);
    const [row] = await grantStatement(db, { userId, requests: 99, isUnlimited: true, source: "promo" });
    expect(await rowOf(row!.id)).toMatchObject({
      requests: 0,
      available_requests: 0,
      is_unlimited: 1,
      date_expire: null,
      source: "promo",
    });
  });

  it("with `when`, inserts only if the condition holds when it runs", async () => {
    const { userId } = await registerUser();
    const db = getDb(env.DB);
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM limits WHERE user_id = ? AND source = 'admin'")
        .bind(userId)
        .first<{ n: number }>())!.n;
    const [[none]] = await db.batch([
      grantStatement(db, { userId, requests: 5, source: "admin" }, { when: sql`1 = 0` }),
    ]);
    expect(none).toBeUndefined();
    expect(await count()).toBe(0);
    const now = Date.now();
    const [[made]] = await db.batch([
      grantStatement(db, { userId, requests: 5, days: 2, source: "admin" }, { when: sql`1 = 1`, now }),
    ]);
    expect(await rowOf(made!.id)).toMatchObject({
      user_id: userId,
      company_id: null,
      requests: 5,
      available_requests: 5,
      is_unlimited: 0,
      date_expire: now + 2 * DAY_MS,
      source: "admin",
      created_at: now,
    });
    expect(await count()).toBe(1);
  });
});
