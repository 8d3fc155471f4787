import { env } from "cloudflare:test";
import { historyOf } from "./topics-db";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { makeOggOpus } from "./fixtures/audio";
import { uploadOk } from "./fixtures/uploads";
import { authHeaders, call, detailOf, refreshHeaders } from "./helpers";
import { newAccount, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

// docs/legal.md "Your data": the user's data to take away (a zip), and the account deleted with
// everything of the user but the payments, which stay anonymised.

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

/** A paid sandbox payment of the cheapest plan, straight in D1 as a credited purchase leaves it. */
async function paidPayment(userId: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO payments (id, user_id, subscription_id, amount_kopecks, provider, status, credited_at, plan_name) " +
      "SELECT ?, ?, id, price_kopecks, 'sandbox', 'succeeded', ?, name FROM subscriptions ORDER BY price_kopecks " +
      "LIMIT 1",
  )
    .bind(id, userId, Date.now())
    .run();
  return id;
}

describe("GET /users/self/export", () => {
  it("is a zip of every chat as Markdown and account.json with the account, payments and consents", async () => {
    const account = await newAccount();
    const first = splitTopicLine(
      await new StreamReader(await startTopic(account, "Как вернуть задаток?", { assistantType: "gpt" })).rest(),
    ).topicId;
    await new StreamReader(await startTopic(account, "Как вернуть задаток?", { assistantType: "gpt" })).rest();
    const payment = await paidPayment(account.userId);

    const res = await call("/users/self/export", { headers: authHeaders(account.record) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="yasno-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const chats = Object.keys(zip.files).filter((name) => name.startsWith("chats/") && !zip.files[name]!.dir);
    // Two chats with the same name: both kept.
    expect(chats.sort()).toEqual(
      ["chats/Как вернуть задаток.md", `chats/Как вернуть задаток (${first + 1}).md`].sort(),
    );
    expect(await zip.file("chats/Как вернуть задаток.md")!.async("string")).toContain("## Вы\n\nКак вернуть задаток?");
    const data = JSON.parse(await zip.file("account.json")!.async("string"));
    expect(data.account).toMatchObject({ id: account.userId, email: account.email });
    expect(data.payments).toEqual([
      expect.objectContaining({ id: payment, status: "succeeded", plan_name: expect.any(String) }),
    ]);
    expect(data.consents).toEqual([
      expect.objectContaining({ terms_version: 1, privacy_version: 1, accepted_at: expect.any(String) }),
    ]);
    expect((await call("/users/self/export")).status).toBe(401);
  });
});

describe("DELETE /users/self", () => {
  it("needs the password: 422 without it, 403 for a wrong one, nothing deleted", async () => {
    const account = await newAccount();
    const missing = await call("/users/self", { method: "DELETE", headers: authHeaders(account.record), json: {} });
    expect(missing.status).toBe(422);
    const wrong = await call("/users/self", {
      method: "DELETE",
      headers: authHeaders(account.record),
      json: { password: "не-тот-пароль" },
    });
    expect(wrong.status).toBe(403);
    expect(await detailOf(wrong)).toBe("Неверный текущий пароль");
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", account.userId)).toBe(1);
  });

  it(
    "removes chats, messages, files, sessions and personal data; payments stay anonymised; signing in again is " +
      "refused",
    async () => {
      const account = await newAccount();
      const voice = await uploadOk(account.record, makeOggOpus(2), "вопрос.ogg");
      const topic = splitTopicLine(
        await new StreamReader(
          await startTopic(account, "Наследство и завещание", {
            assistantType: "gpt",
            attachments: [voice.attachment_id],
          }),
        ).rest(),
      ).topicId;
      const payment = await paidPayment(account.userId);
      const shard = await historyOf(account.userId);
      const r2Key = (await shard
        .prepare("SELECT r2_key FROM attachments WHERE id = ?")
        .bind(voice.attachment_id)
        .first<{ r2_key: string }>())!.r2_key;
      expect(await env.FILES.get(r2Key)).not.toBeNull();

      const res = await call("/users/self", {
        method: "DELETE",
        headers: authHeaders(account.record),
        json: { password: account.password },
      });
      expect(res.status).toBe(204);

      for (const [table, column] of [
        ["users", "id"],
        ["topics", "user_id"],
        ["sessions", "user_id"],
        ["limits", "user_id"],
        ["consents", "user_id"],
        ["disclaimer_acceptances", "user_id"],
      ]) {
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, account.userId), table).toBe(0);
      }
      // Its history shard keeps nothing of it either.
      for (const sql of [
        "SELECT count(*) AS n FROM messages WHERE topic_id = ?",
        "SELECT count(*) AS n FROM search_index WHERE topic_id = ?",
        "SELECT count(*) AS n FROM topic_leaves WHERE topic_id = ?",
      ])
        expect((await shard.prepare(sql).bind(topic).first<{ n: number }>())!.n, sql).toBe(0);
      expect(
        (await shard
          .prepare("SELECT count(*) AS n FROM attachments WHERE user_id = ?")
          .bind(account.userId)
          .first<{ n: number }>())!.n,
      ).toBe(0);
      expect(await count('SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?', account.email)).toBe(0);
      // The payment is kept for accounting, with nobody's name on it.
      expect(await env.DB.prepare("SELECT user_id, status FROM payments WHERE id = ?").bind(payment).first()).toEqual({
        user_id: null,
        status: "succeeded",
      });
      await expect.poll(async () => await env.FILES.get(r2Key)).toBeNull();

      expect((await call("/users/login", { json: { email: account.email, password: account.password } })).status).toBe(
        401,
      );
      expect((await call("/users/self", { headers: authHeaders(account.record) })).status).toBe(401);
      expect(
        (await call("/users/token/refresh", { method: "POST", headers: refreshHeaders(account.record) })).status,
      ).toBe(401);
    },
  );
});
