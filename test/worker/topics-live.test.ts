import { describe, expect, it, vi } from "vitest";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call } from "./helpers";
import { newAccount, savedMessages, sendMessage, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";
import { countRows } from "./topics-db";

// Organisation meets the live reply: the real stream routes and TopicObject, with the fake
// OpenAI-compatible model, so the test decides when the model speaks.
const fake = useFakeOpenAI();

type Shared = { topic_name: string; messages: { role: string; text: string }[] };

describe("a topic with a live reply", () => {
  it("deleting it stops the reply and leaves nothing behind", async () => {
    const account = await newAccount();
    const response = startTopic(account, "Расскажите про аренду");
    const completion = await fake.nextCompletion();
    completion.send("Аренда — это ");
    const reader = new StreamReader(await response);
    await reader.until((t) => t.includes("Аренда — это "));
    const { topicId } = splitTopicLine(reader.text);

    const res = await call(`/topics/${topicId}`, { method: "DELETE", headers: authHeaders(account.record) });
    expect(res.status).toBe(204);
    // The model was told to stop, the reader's stream ends, and no message survives the topic.
    await completion.aborted();
    await reader.rest();
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ?", topicId)).toBe(0);
    expect(await savedMessages(topicId)).toEqual([]);
  });

  it("a shared topic shows a new reply once it is saved (the streaming side purges the cache)", async () => {
    const account = await newAccount();
    fake.autoReply = ["Первый ответ."];
    const { topicId } = splitTopicLine(
      await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
    );
    const { hash } = (await (
      await call(`/topics/${topicId}/share`, { method: "POST", headers: authHeaders(account.record) })
    ).json()) as { hash: string };
    const read = async () =>
      ((await (await call(`/share/topic/history/${hash}`)).json()) as Shared).messages.map((m) => m.text);
    expect(await read()).toEqual(["Первый вопрос", "Первый ответ."]);

    fake.autoReply = ["Второй ответ."];
    expect(await new StreamReader(await sendMessage(account, topicId, "Второй вопрос")).rest()).toBe("Второй ответ.");
    // The reply is saved and the cache purged by the TopicObject, after the stream has ended.
    await vi.waitFor(async () =>
      expect(await read()).toEqual(["Первый вопрос", "Первый ответ.", "Второй вопрос", "Второй ответ."]),
    );
  });
});
