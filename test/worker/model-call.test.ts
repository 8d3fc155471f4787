import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ModelCall, type ReplyPart, streamReply } from "../../worker/ai/model-call";
import { languageModel } from "../../worker/ai/providers";
import { useFakeOpenAI } from "./fakes/openai";

// A turn's call to the model without tools (worker/ai/model-call.ts): one call through the SDK, with the retries and
// the time limits `streamText` would give it, against the fake model at its HTTP boundary.
const fake = useFakeOpenAI();

const callWith = (overrides: Partial<ModelCall> = {}): ModelCall => ({
  model: languageModel(env, { provider: "openai", modelId: "fake-chat" }),
  system: "Ты помощник.",
  messages: [{ role: "user", content: "Вопрос" }],
  maxOutputTokens: 256,
  maxRetries: 0,
  abortSignal: new AbortController().signal,
  timeout: { chunkMs: 60_000, totalMs: 60_000 },
  retryDelayMs: 1,
  ...overrides,
});

async function partsOf(reply: AsyncIterable<ReplyPart>): Promise<ReplyPart[]> {
  const parts: ReplyPart[] = [];
  for await (const part of reply) parts.push(part);
  return parts;
}

const textOf = (parts: ReplyPart[]) => parts.map((p) => (p.type === "text" ? p.text : "")).join("");

describe("a call without tools", () => {
  it("streams the text, then the finish with the model's usage", async () => {
    const parts = partsOf(streamReply(callWith()));
    (await fake.nextCompletion()).reply("Первая ", "вторая.");
    const got = await parts;
    expect(textOf(got)).toBe("Первая вторая.");
    const finish = got.at(-1);
    expect(finish).toMatchObject({ type: "finish", finishReason: "stop" });
    expect(finish?.type === "finish" && [finish.usage.inputTokens, finish.usage.outputTokens]).toEqual([100, 20]);
    expect(fake.requests[0]?.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
  });

  it("retries a 503 and streams the next answer", async () => {
    const parts = partsOf(streamReply(callWith({ maxRetries: 1 })));
    (await fake.nextCompletion()).fail(503, "overloaded");
    (await fake.nextCompletion()).reply("Ответ.");
    expect(textOf(await parts)).toBe("Ответ.");
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up after its retries with the provider's error, and never retries a 400", async () => {
    const retried = partsOf(streamReply(callWith({ maxRetries: 1 })));
    (await fake.nextCompletion()).fail(503, "overloaded");
    (await fake.nextCompletion()).fail(503, "still overloaded");
    await expect(retried).rejects.toThrow("still overloaded");
    expect(fake.requests).toHaveLength(2);

    const refused = partsOf(streamReply(callWith({ maxRetries: 2 })));
    (await fake.nextCompletion()).fail(400, "bad request");
    await expect(refused).rejects.toThrow("bad request");
    expect(fake.requests).toHaveLength(3);
  });

  it("hangs up on a model that goes quiet for longer than chunkMs, and says so", async () => {
    const parts = partsOf(streamReply(callWith({ timeout: { chunkMs: 200, totalMs: 60_000 } })));
    const completion = await fake.nextCompletion();
    completion.open().send("Нача");
    await expect(parts).rejects.toThrow("the model timed out (chunk)");
    expect(await completion.aborted()).toBe(true);
  });

  it("hangs up once totalMs has passed, however steadily the model writes", async () => {
    const parts = partsOf(streamReply(callWith({ timeout: { chunkMs: 60_000, totalMs: 300 } })));
    const failed = expect(parts).rejects.toThrow("the model timed out (total)");
    const completion = await fake.nextCompletion();
    completion.open();
    for (let i = 0; i < 6; i++) {
      completion.send(`${i} `);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await failed;
  });

  it("stops when the caller aborts, without retrying", async () => {
    const stop = new AbortController();
    const parts = partsOf(streamReply(callWith({ maxRetries: 2, abortSignal: stop.signal })));
    const completion = await fake.nextCompletion();
    completion.open().send("Нача");
    stop.abort();
    await expect(parts).rejects.toThrow();
    expect(await completion.aborted()).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });
});
