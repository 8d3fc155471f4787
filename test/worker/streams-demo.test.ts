import { describe, expect, it } from "vitest";
import { DEMO_MODEL_ID } from "../../worker/ai/demo-model";
import {
  availableRequests,
  newAccount,
  savedMessages,
  sendMessage,
  splitTopicLine,
  startTopic,
  StreamReader,
} from "./streams-helpers";

// The local default model end to end: no network, a Russian answer that says it is the demo and
// shows what it received.
describe("the demo model through the stream routes", () => {
  it("starts a topic: the topic_id line, then the demo answer naming the mode and quoting the question", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const res = await startTopic(account, "Можно ли вернуть товар без чека?\nКупил вчера.");
    expect(res.headers.get("x-model")).toBe(DEMO_MODEL_ID);
    // Compressed, a text/plain stream would be held back until the end by the edge and by wrangler.
    expect(res.headers.get("content-encoding")).toBe("identity");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const { topicId, reply } = splitTopicLine(await new StreamReader(res).rest());
    expect(res.headers.get("x-topic-id")).toBe(String(topicId));

    expect(reply).toContain("демо-модель");
    expect(reply).toContain("| Режим | Объясни закон |");
    expect(reply).toContain("«Можно ли вернуть товар без чека? Купил вчера.»");
    expect(reply).toContain("| Документы | нет |");
    expect(reply).toContain("| Изображения | нет |");

    const saved = await savedMessages(topicId);
    expect(saved.map((m) => [m.role, m.state, m.model])).toEqual([
      ["user", "complete", null],
      ["assistant", "complete", DEMO_MODEL_ID],
    ]);
    expect(saved[1]!.text).toBe(reply);
    expect(await availableRequests(account)).toBe(before - 1);
  });

  it("continues a topic: the earlier turns are in the context", async () => {
    const account = await newAccount();
    const { topicId } = splitTopicLine(
      await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
    );
    const second = await new StreamReader(await sendMessage(account, topicId, "Второй вопрос")).rest();
    expect(second).not.toMatch(/^topic_id:/);
    expect(second).toContain("| Режим | Общий чат |");
    expect(second).toContain("«Второй вопрос»");
    expect(second).toContain("| Предыдущих сообщений в контексте | 2 |");
    expect((await savedMessages(topicId)).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});
