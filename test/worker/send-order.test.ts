import { afterEach, describe, expect, it } from "vitest";
import { useFakeOpenAI } from "./fakes/openai";
import { detailOf, registerUser } from "./helpers";
import { makePdf } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import {
  type Account,
  availableRequests,
  newAccount,
  savedMessages,
  sendMessage,
  setRequestsLeft,
  splitTopicLine,
  startTopic,
  StreamReader,
} from "./streams-helpers";
import { countHistoryRows, countRows, historyOf } from "./topics-db";

// The topic's object admits a send in one batch and writes a new question while the model thinks
// (docs/conversations.md "The turn"): whatever refuses, what was taken is given back and nothing is
// written; each send takes exactly one request and writes exactly one question and one reply.
const fake = useFakeOpenAI();

async function topicWithReply(account: Awaited<ReturnType<typeof newAccount>>) {
  fake.autoReply = ["Первый ответ."];
  const { topicId } = splitTopicLine(
    await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
  );
  fake.autoReply = null;
  return topicId;
}

const unrefundedCharges = (userId: number) =>
  countRows("SELECT count(*) AS n FROM request_charges WHERE user_id = ? AND refunded = 0", userId);
const topicCount = (userId: number) => countRows("SELECT count(*) AS n FROM topics WHERE user_id = ?", userId);
const messageCount = async (userId: number) =>
  (await (
    await historyOf(userId)
  )
    .prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

/** What a send could have left: topics, messages, requests taken and not given back. */
async function traces(account: Account) {
  return {
    topics: await topicCount(account.userId),
    messages: await messageCount(account.userId),
    left: await availableRequests(account),
    charges: await unrefundedCharges(account.userId),
  };
}

describe("the send's order of work", () => {
  it("two sends at once to one topic: one reply, one request taken, one question written", async () => {
    const account = await newAccount();
    const topicId = await topicWithReply(account);
    const before = { left: await availableRequests(account), charges: await unrefundedCharges(account.userId) };
    const first = sendMessage(account, topicId, "Вопрос А");
    const second = sendMessage(account, topicId, "Вопрос Б");
    const completion = await fake.nextCompletion();
    completion.send("Ответ.").finish();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const streamed = answers.find((r) => r.status === 200)!;
    expect(await new StreamReader(streamed).rest()).toBe("Ответ.");
    expect(await availableRequests(account)).toBe(before.left - 1);
    expect(await unrefundedCharges(account.userId)).toBe(before.charges + 1);
    const texts = (await savedMessages(topicId)).map((m) => m.text);
    expect(texts).toHaveLength(4);
    expect(texts.filter((t) => t === "Вопрос А" || t === "Вопрос Б")).toHaveLength(1);
  });

  it("no requests left (402): the reservation is given back, so the next send is not told to wait", async () => {
    const account = await newAccount();
    const topicId = await topicWithReply(account);
    await setRequestsLeft(account, 0);
    const refused = await sendMessage(account, topicId, "Без запросов");
    expect(refused.status).toBe(402);
    expect((await savedMessages(topicId)).map((m) => m.text)).toEqual(["Первый вопрос", "Первый ответ."]);
    await setRequestsLeft(account, 1);
    fake.autoReply = ["Теперь есть."];
    expect(await new StreamReader(await sendMessage(account, topicId, "С запросом")).rest()).toBe("Теперь есть.");
    expect(await availableRequests(account)).toBe(0);
  });

  it("a busy topic with no requests left says to wait (409), and takes nothing", async () => {
    const account = await newAccount();
    const response = startTopic(account, "Долгий вопрос", { assistantType: "gpt" });
    const completion = await fake.nextCompletion();
    completion.send("Начало");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.includes("Начало")));
    await setRequestsLeft(account, 0);
    const busy = await sendMessage(account, topicId, "Ещё");
    expect(busy.status).toBe(409);
    expect(await detailOf(busy)).toBe("Дождитесь окончания ответа");
    expect(await availableRequests(account)).toBe(0);
    completion.finish();
    await reader.rest();
    expect((await savedMessages(topicId)).map((m) => m.text)).toEqual(["Долгий вопрос", "Начало"]);
  });

  it(
    "a new topic refused for its mode (422), its terms (403), a file (404) or no requests (402) leaves nothing " +
      "behind",
    async () => {
      const account = await newAccount();
      const stranger = await registerUser();
      const strangersFile = await uploadOk(stranger.record, makePdf(["Чужой договор"]), "чужой.pdf");
      const before = await traces(account);
      const unknownMode = await startTopic(account, "Вопрос", { assistantType: "no_such_mode" });
      expect(unknownMode.status).toBe(422);
      expect(await detailOf(unknownMode)).toEqual([
        { loc: ["body", "assistant_type"], msg: "Неизвестный режим ассистента", type: "enum" },
      ]);
      const fresh = await registerUser();
      const terms = await startTopic(fresh, "Вопрос", { assistantType: "explain_law" });
      expect(terms.status).toBe(403);
      expect(await detailOf(terms)).toBe("Примите условия использования режима");
      expect(await topicCount(fresh.userId)).toBe(0);
      expect(await unrefundedCharges(fresh.userId)).toBe(0);
      const file = await startTopic(account, "Вопрос", {
        assistantType: "gpt",
        attachments: [strangersFile.attachment_id],
      });
      expect(file.status, await file.clone().text()).toBe(404);
      await setRequestsLeft(account, 0);
      const noRequests = await startTopic(account, "Вопрос", { assistantType: "gpt" });
      expect(noRequests.status).toBe(402);
      expect(await traces(account)).toEqual({ ...before, left: 0 });
      expect(fake.requests).toHaveLength(0);
    },
  );

  it(
    "two new topics at once with one request left: one streams, the other is refused (402) and leaves no " + "topic",
    async () => {
      const account = await newAccount();
      await setRequestsLeft(account, 1);
      fake.autoReply = ["Ответ."];
      const answers = await Promise.all([
        startTopic(account, "Первый", { assistantType: "gpt" }),
        startTopic(account, "Второй", { assistantType: "gpt" }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 402]);
      await new StreamReader(answers.find((r) => r.status === 200)!).rest();
      expect(await traces(account)).toEqual({ topics: 1, messages: 2, left: 0, charges: 1 });
    },
  );

  it("a model failing before its first token: 502, the question kept, the request given back", async () => {
    const account = await newAccount();
    const before = await traces(account);
    const response = startTopic(account, "Вопрос без ответа", { assistantType: "gpt" });
    (await fake.nextCompletion()).fail(503, "overloaded");
    const res = await response;
    expect(res.status).toBe(502);
    expect(await detailOf(res)).toBe("Модель не ответила. Запрос возвращён, попробуйте ещё раз");
    const topicId = Number(res.headers.get("x-topic-id"));
    expect((await savedMessages(topicId)).map((m) => [m.role, m.text])).toEqual([["user", "Вопрос без ответа"]]);
    expect(await traces(account)).toEqual({ ...before, topics: before.topics + 1, messages: before.messages + 1 });
  });
});

describe("a question the session cannot write", () => {
  // The user's history shard refuses texts that begin so, as a failing D1 would.
  const REFUSED = "Этот вопрос не запишется";
  let shard: D1Database | null = null;
  async function refuseWrites(account: Account) {
    shard = await historyOf(account.userId);
    await shard
      .prepare(
        `CREATE TRIGGER refuse_question BEFORE INSERT ON messages WHEN NEW.text LIKE '${REFUSED}%' BEGIN SELECT ` +
          `RAISE(ABORT, 'refused by the test'); END`,
      )
      .run();
  }
  afterEach(async () => {
    await shard?.prepare("DROP TRIGGER IF EXISTS refuse_question").run();
    shard = null;
  });

  it("in a new topic: the model is stopped, the request given back, no topic stays", async () => {
    const account = await newAccount();
    await refuseWrites(account);
    const before = await traces(account);
    const response = startTopic(account, REFUSED, { assistantType: "gpt" });
    const completion = await fake.nextCompletion();
    expect(await completion.aborted()).toBe(true);
    const res = await response;
    expect(res.status).toBe(500);
    expect(await traces(account)).toEqual(before);
  });

  it("in a topic with history: the model is stopped, the request given back, the history as it was", async () => {
    const account = await newAccount();
    const topicId = await topicWithReply(account);
    await refuseWrites(account);
    const before = await traces(account);
    const response = sendMessage(account, topicId, REFUSED);
    expect(await (await fake.nextCompletion()).aborted()).toBe(true);
    expect((await response).status).toBe(500);
    expect(await traces(account)).toEqual(before);
    expect((await savedMessages(topicId)).map((m) => m.text)).toEqual(["Первый вопрос", "Первый ответ."]);
    fake.autoReply = ["Теперь записано."];
    expect(await new StreamReader(await sendMessage(account, topicId, "Другой вопрос")).rest()).toBe(
      "Теперь записано.",
    );
  });

  it(
    "with values the privacy guard hides: the model had placeholders only, and no vault stays (it is in the " +
      "question's batch)",
    async () => {
      const account = await newAccount();
      const topicId = await topicWithReply(account);
      await refuseWrites(account);
      const response = sendMessage(
        account,
        topicId,
        `${REFUSED}: позвоните Иванову Ивану Петровичу на +7 (916) 123-45-67`,
      );
      const completion = await fake.nextCompletion();
      const sent = JSON.stringify(fake.requests.at(-1)!.body);
      expect(sent).toContain("[Телефон 1]");
      expect(sent).not.toContain("916");
      expect(await completion.aborted()).toBe(true);
      expect((await response).status).toBe(500);
      expect(
        await countHistoryRows(account.userId, "SELECT count(*) AS n FROM topic_vaults WHERE topic_id = ?", topicId),
      ).toBe(0);
      expect((await savedMessages(topicId)).map((m) => m.text)).toEqual(["Первый вопрос", "Первый ответ."]);
    },
  );
});
