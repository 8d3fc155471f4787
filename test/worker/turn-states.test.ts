import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import type { TopicObject } from "../../worker/conversations/turn/topic-object";
import type { TurnRequest } from "../../worker/conversations/turn/turn-state";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call, detailOf } from "./helpers";
import {
  type Account,
  newAccount,
  resumeStream,
  savedMessages,
  sendMessage,
  setRequestsLeft,
  splitTopicLine,
  startTopic,
  StreamReader,
} from "./streams-helpers";
import { countRows, historyOf, sessionOf } from "./topics-db";

// A topic's turn through HTTP (docs/conversations.md "The turn"): idle → admitting → streaming →
// saving → idle, one record in the topic's object's storage.
const fake = useFakeOpenAI();

/** The turn record the topic's object keeps (null when idle). */
const turnOf = async (topicId: number) =>
  runInDurableObject(await sessionOf(topicId), (_, state) => state.storage.kv.get<{ kind: string }>("turn") ?? null);

/** What a send could leave: the user's topics, messages, requests left, requests taken and not given back. */
async function traces(account: Account) {
  const history = await historyOf(account.userId);
  return {
    topics: await countRows("SELECT count(*) AS n FROM topics WHERE user_id = ?", account.userId),
    messages: (await history
      .prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?")
      .bind(account.userId)
      .first<{ n: number }>())!.n,
    left: await countRows(
      "SELECT coalesce(sum(available_requests), 0) AS n FROM limits WHERE user_id = ?",
      account.userId,
    ),
    charges: await countRows(
      "SELECT count(*) AS n FROM request_charges WHERE user_id = ? AND refunded = 0",
      account.userId,
    ),
  };
}

async function topicWithReply(account: Account) {
  fake.autoReply = ["Первый ответ."];
  const { topicId } = splitTopicLine(
    await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
  );
  fake.autoReply = null;
  return topicId;
}

/** A logout: the session ended in D1 and its access tokens in KV. */
const endSession = async (account: Account) => {
  const res = await call("/users/logout", { method: "POST", headers: authHeaders(account.record) });
  expect(res.status).toBe(200);
};

const continueReply = (account: Account, topicId: number) =>
  call(`/topics/${topicId}/continue/stream/`, { method: "POST", headers: authHeaders(account.record) });

describe("a refused send leaves the turn idle, nothing written and nothing taken", () => {
  const refusals: [string, number, string, (account: Account, topicId: number) => Promise<unknown>][] = [
    ["an ended sign-in session", 401, "Сессия завершена, войдите снова", endSession],
    ["a question with nothing to continue", 422, "Продолжать нечего: ответ не прерывался", async () => {}],
    ["no request left", 402, "Лимит запросов исчерпан", (account) => setRequestsLeft(account, 0)],
  ];
  for (const [what, status, detail, arrange] of refusals) {
    it(`${what}: ${status}`, async () => {
      const account = await newAccount();
      const topicId = await topicWithReply(account);
      await arrange(account, topicId);
      const before = await traces(account);
      const res =
        status === 422 ? await continueReply(account, topicId) : await sendMessage(account, topicId, "Второй вопрос");
      expect(res.status).toBe(status);
      expect(await detailOf(res)).toBe(detail);
      expect(await traces(account)).toEqual(before);
      expect(await turnOf(topicId)).toBeNull();
      expect(fake.requests).toHaveLength(1);
    });
  }

  it("a topic not the caller's: 404, its owner's topic untouched", async () => {
    const [owner, stranger] = [await newAccount(), await newAccount()];
    const topicId = await topicWithReply(owner);
    const before = [await traces(owner), await traces(stranger)];
    const res = await sendMessage(stranger, topicId, "Чужой вопрос");
    expect(res.status).toBe(404);
    expect([await traces(owner), await traces(stranger)]).toEqual(before);
    expect(await turnOf(topicId)).toBeNull();
  });

  it("a busy topic: 409 to the second send, which takes nothing and leaves the first streaming", async () => {
    const account = await newAccount();
    const topicId = await topicWithReply(account);
    const first = sendMessage(account, topicId, "Первый");
    const completion = await fake.nextCompletion();
    completion.send("Идёт");
    const reader = new StreamReader(await first);
    await reader.until((t) => t.endsWith("Идёт"));
    expect(await turnOf(topicId)).toMatchObject({ kind: "streaming" });
    const before = await traces(account);
    const second = await sendMessage(account, topicId, "Второй");
    expect(second.status).toBe(409);
    expect(await detailOf(second)).toBe("Дождитесь окончания ответа");
    expect(await traces(account)).toEqual(before);
    completion.send(" дальше.").finish();
    expect(await reader.rest()).toBe("Идёт дальше.");
    expect(await turnOf(topicId)).toBeNull();
  });
});

describe("two senders at once", () => {
  it(
    "two sends in the same tick of the object: the second finds the topic taken before the first awaits " + "anything",
    async () => {
      const account = await newAccount();
      const topicId = await topicWithReply(account);
      const before = await traces(account);
      const { sub, sid, ver, hs } = decodeJwt(account.record.access_token) as {
        sub: string;
        sid: string;
        ver: number;
        hs: number;
      };
      const request = (text: string): TurnRequest => ({
        signIn: { userId: Number(sub), sid, ver },
        user: { id: Number(sub), historyShard: hs },
        topic: { kind: "existing", id: topicId },
        question: { kind: "new", text, attachmentIds: [] },
      });
      fake.autoReply = ["Один ответ."];
      // Straight on the object, both calls begun before either awaits: HTTP alone cannot make them meet
      // while the first awaits D1, which is the window the topic must already be taken in.
      const answers = await runInDurableObject(await sessionOf(topicId), async (object: TopicObject) => {
        const both = await Promise.all([object.send(request("Вопрос А")), object.send(request("Вопрос Б"))]);
        return Promise.all(both.map(async (a) => (a.kind === "streaming" ? await new Response(a.body).text() : a)));
      });
      expect(answers).toContainEqual("Один ответ.");
      expect(answers).toContainEqual({ kind: "refused", status: 409, detail: "Дождитесь окончания ответа" });
      expect(await traces(account)).toEqual({
        ...before,
        messages: before.messages + 2,
        left: before.left - 1,
        charges: before.charges + 1,
      });
    },
  );

  it(
    "a new question and another reply to one topic: exactly one streams, one request taken, one reply " + "saved",
    async () => {
      const account = await newAccount();
      const topicId = await topicWithReply(account);
      const [, reply] = await savedMessages(topicId);
      const before = await traces(account);
      fake.autoReply = ["Единственный ответ."];
      const answers = await Promise.all([
        sendMessage(account, topicId, "Новый вопрос"),
        call(`/topics/${topicId}/messages/${reply!.id}/regenerate/stream/`, {
          method: "POST",
          headers: authHeaders(account.record),
        }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const busy = answers.find((r) => r.status === 409)!;
      expect(await detailOf(busy)).toBe("Дождитесь окончания ответа");
      expect(await new StreamReader(answers.find((r) => r.status === 200)!).rest()).toBe("Единственный ответ.");
      expect(fake.requests).toHaveLength(2);
      const after = await traces(account);
      expect(after.left).toBe(before.left - 1);
      expect(after.charges).toBe(before.charges + 1);
      expect((await savedMessages(topicId)).filter((m) => m.text === "Единственный ответ.")).toHaveLength(1);
    },
  );
});

describe("stop and resume", () => {
  it(
    "a second reader joins mid-reply: the text so far, then the rest; stop saves it partial and frees the " + "topic",
    async () => {
      const account = await newAccount();
      const topicId = await topicWithReply(account);
      const sender = sendMessage(account, topicId, "Расскажи");
      const completion = await fake.nextCompletion();
      completion.send("Раз, ").send("два, ");
      const first = new StreamReader(await sender);
      await first.until((t) => t.endsWith("два, "));
      const joined = await resumeStream(account, topicId);
      expect(joined.status).toBe(200);
      const second = new StreamReader(joined);
      await second.until((t) => t === "Раз, два, ");
      completion.send("три");
      await Promise.all([first.until((t) => t.endsWith("три")), second.until((t) => t.endsWith("три"))]);

      const stopped = await call(`/topics/${topicId}/stop/`, { method: "POST", headers: authHeaders(account.record) });
      expect(stopped.status).toBe(204);
      expect(await completion.aborted()).toBe(true);
      expect((await savedMessages(topicId)).at(-1)).toMatchObject({
        role: "assistant",
        text: "Раз, два, три",
        state: "partial",
      });
      expect(await turnOf(topicId)).toBeNull();
      expect((await resumeStream(account, topicId)).status).toBe(204);
      fake.autoReply = ["Снова свободно."];
      expect(await new StreamReader(await sendMessage(account, topicId, "Ещё")).rest()).toBe("Снова свободно.");
    },
  );
});

describe("a crash mid-reply", () => {
  const crash = async (topicId: number) =>
    runInDurableObject(await sessionOf(topicId), (_, state) => {
      state.abort("the test crashes the object");
    }).catch(() => {});

  it("the next start (its alarm) saves what was kept as a partial reply, the request stays taken", async () => {
    const account = await newAccount();
    const topicId = await topicWithReply(account);
    const before = await traces(account);
    const sender = sendMessage(account, topicId, "Вопрос перед сбоем");
    const completion = await fake.nextCompletion();
    completion.send("Успело ").send("сохраниться");
    const reader = new StreamReader(await sender);
    await reader.until((t) => t.endsWith("сохраниться"));
    expect(await turnOf(topicId)).toMatchObject({ kind: "streaming" });
    await crash(topicId);
    await expect(reader.rest()).rejects.toThrow();

    await runDurableObjectAlarm(await sessionOf(topicId));
    expect(await turnOf(topicId)).toBeNull();
    expect((await savedMessages(topicId)).slice(-2)).toMatchObject([
      { role: "user", text: "Вопрос перед сбоем" },
      { role: "assistant", text: "Успело сохраниться", state: "partial" },
    ]);
    expect(await traces(account)).toEqual({
      ...before,
      messages: before.messages + 2,
      left: before.left - 1,
      charges: before.charges + 1,
    });
  });
});
