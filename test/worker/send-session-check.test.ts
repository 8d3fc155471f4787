import { env } from "cloudflare:test";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call, detailOf, login } from "./helpers";
import { type Account, newAccount, sendMessage, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";
import { countRows, historyOf } from "./topics-db";

// A send starts before the caller's session check is back (docs/scale.md "The first chunk"): the
// token's signature says who calls and its `hs` claim their history shard. A session that turns out
// ended is still refused with 401 before any other answer, and what the send took meanwhile (a
// request, the topic's session, a new topic) is given back.
const fake = useFakeOpenAI();

const claimsOf = (token: string) => decodeJwt(token) as { sub: string; sid: string; hs?: number };
/** A logout: the session ended in D1 and its access tokens in KV. */
const endSession = async (account: Account) =>
  expect((await call("/users/logout", { method: "POST", headers: authHeaders(account.record) })).status).toBe(200);

async function traces(userId: number) {
  const history = await historyOf(userId);
  return {
    topics: await countRows("SELECT count(*) AS n FROM topics WHERE user_id = ?", userId),
    messages: (await history
      .prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>())!.n,
    left: await countRows("SELECT coalesce(sum(available_requests), 0) AS n FROM limits WHERE user_id = ?", userId),
    charges: await countRows("SELECT count(*) AS n FROM request_charges WHERE user_id = ? AND refunded = 0", userId),
  };
}

/** An access token as signed before tokens carried the history shard. */
async function tokenWithoutShard(account: Account): Promise<string> {
  const { sub, sid, ver } = decodeJwt(account.record.access_token) as { sub: string; sid: string; ver: number };
  return new SignJWT({ role: "user", ver, sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer("yasno")
    .setAudience("yasno-api")
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(new TextEncoder().encode(env.JWT_SECRET));
}

describe("a send with its session check beside it", () => {
  it("the access token names the user's history shard, from registration on", async () => {
    const account = await newAccount();
    const row = await env.DB.prepare("SELECT history_shard AS shard FROM users WHERE id = ?")
      .bind(account.userId)
      .first<{ shard: number }>();
    expect(row!.shard).toEqual(expect.any(Number));
    expect(claimsOf(account.record.access_token).hs).toBe(row!.shard);
  });

  it("a new topic from an ended session: 401, and no topic, no message, no request taken", async () => {
    const account = await newAccount();
    const before = await traces(account.userId);
    await endSession(account);
    const res = await startTopic(account, "Вопрос после выхода", { assistantType: "gpt" });
    expect(res.status).toBe(401);
    expect(await detailOf(res)).toBe("Сессия завершена, войдите снова");
    expect(await traces(account.userId)).toEqual(before);
    expect(fake.requests).toHaveLength(0);
  });

  it("a topic not the caller's, asked from an ended session: 401 comes first, not 404", async () => {
    const account = await newAccount();
    await endSession(account);
    const res = await sendMessage(account, 999_999_999, "Вопрос");
    expect(res.status).toBe(401);
    expect(await detailOf(res)).toBe("Сессия завершена, войдите снова");
  });

  it("a body the send refuses, from an ended session: 401 still comes first", async () => {
    const account = await newAccount();
    await endSession(account);
    const res = await call("/topics/start/stream/", {
      headers: authHeaders(account.record),
      json: { message: { text: "" } },
    });
    expect(res.status).toBe(401);
  });

  it(
    "a send to the caller's topic from an ended session: 401, the history as it was, the request given back, the " +
      "topic free",
    async () => {
      const account = await newAccount();
      fake.autoReply = ["Первый ответ."];
      const { topicId } = splitTopicLine(
        await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
      );
      const before = await traces(account.userId);
      const session = account.record.access_token;
      await endSession(account);
      const refused = await sendMessage(account, topicId, "Второй вопрос");
      expect(refused.status).toBe(401);
      expect(await traces(account.userId)).toEqual(before);
      // The same user signed in again sends at once: the refused send left the topic's session free.
      account.record = await login(account.email, account.password);
      expect(account.record.access_token).not.toBe(session);
      fake.autoReply = ["Второй ответ."];
      expect(await new StreamReader(await sendMessage(account, topicId, "Второй вопрос")).rest()).toBe("Второй ответ.");
    },
  );

  it("a token signed without the shard is checked first and still sends; ended, it is refused", async () => {
    const account = await newAccount();
    account.record = { ...account.record, access_token: await tokenWithoutShard(account) };
    expect(claimsOf(account.record.access_token).hs).toBeUndefined();
    fake.autoReply = ["Ответ."];
    const { reply } = splitTopicLine(
      await new StreamReader(await startTopic(account, "Вопрос", { assistantType: "gpt" })).rest(),
    );
    expect(reply).toBe("Ответ.");
    await endSession(account);
    const before = await traces(account.userId);
    const res = await startTopic(account, "Ещё вопрос", { assistantType: "gpt" });
    expect(res.status).toBe(401);
    expect(await traces(account.userId)).toEqual(before);
  });
});
