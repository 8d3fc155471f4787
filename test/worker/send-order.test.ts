import { describe, expect, it } from "vitest";
import { useFakeOpenAI } from "./fakes/openai";
import { detailOf } from "./helpers";
import { availableRequests, newAccount, savedMessages, sendMessage, setRequestsLeft, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";
import { countRows } from "./topics-db";

// The send reserves the topic's session and takes the request side by side (docs/scale.md "The
// first chunk"): whichever refuses, the other is given back, and nothing is written.
const fake = useFakeOpenAI();

async function topicWithReply(account: Awaited<ReturnType<typeof newAccount>>) {
  fake.autoReply = ["Первый ответ."];
  const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest());
  fake.autoReply = null;
  return topicId;
}

const unrefundedCharges = (userId: number) => countRows("SELECT count(*) AS n FROM request_charges WHERE user_id = ? AND refunded = 0", userId);

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
});
