import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REPLY_TEXTS } from "../../worker/conversations/turn/topic-object";
import { makePdf, makePng } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI, type ChatRequest } from "./fakes/openai";
import { authHeaders, call, detailOf } from "./helpers";
import { sessionOf } from "./topics-db";
import {
  availableRequests,
  newAccount,
  resumeStream,
  savedMessages,
  sendMessage,
  splitTopicLine,
  startTopic,
  StreamReader,
  type Account,
} from "./streams-helpers";

// The OpenAI-compatible provider against a fake model speaking SSE; the test plays the model, so
// every step of a reply happens when the test says.
const fake = useFakeOpenAI();

const textOf = (message: ChatRequest["messages"][number]) =>
  typeof message.content === "string"
    ? message.content
    : message.content.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join("\n");

/** Starts a topic whose reply the test will drive; resolves once the fake model has the request. */
async function startDriven(
  account: Account,
  question: string,
  options: { assistantType?: string; attachments?: number[] } = {},
) {
  const response = startTopic(account, question, options);
  const completion = await fake.nextCompletion();
  return { response, completion };
}

describe("streaming from an OpenAI-compatible model", () => {
  it("flushes the first chunk before the model has finished, and saves the whole reply", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Что такое неустойка?");
    completion.send("Неустойка — ");
    const res = await response;
    expect(res.headers.get("x-model")).toBe("fake-chat");
    const reader = new StreamReader(res);
    await reader.until((t) => t.includes("Неустойка — "));
    // The model has not finished: the client already holds the first words.
    const { topicId, reply: early } = splitTopicLine(reader.text);
    expect(early).toBe("Неустойка — ");

    completion.send("это ").send("штраф за нарушение договора.");
    completion.finish();
    const { reply } = splitTopicLine(await reader.rest());
    expect(reply).toBe("Неустойка — это штраф за нарушение договора.");

    const saved = await savedMessages(topicId);
    expect(saved.at(-1)).toMatchObject({ role: "assistant", text: reply, state: "complete", model: "fake-chat" });

    // What went to the model: the endpoint, the key, streaming on, the mode's system prompt, the question.
    const sent = fake.requests[0]!;
    expect(sent.url).toBe(`${env.OPENAI_BASE_URL}/chat/completions`);
    expect(sent.headers.get("authorization")).toBe(`Bearer ${env.OPENAI_API_KEY}`);
    expect(sent.body).toMatchObject({ model: "fake-chat", stream: true, max_tokens: 2048 });
    const [system, user] = sent.body.messages;
    expect(system!.role).toBe("system");
    expect(textOf(system!)).toContain("Ты — юридический помощник «Ясно»");
    expect(textOf(system!)).toContain("Сначала дай короткий ответ по сути");
    expect(textOf(system!)).toContain("Режим ассистента: «Объясни закон».");
    expect(user).toMatchObject({ role: "user" });
    expect(textOf(user!)).toBe("Что такое неустойка?");
  });

  it("gives the model the history and the text of an attached document", async () => {
    const account = await newAccount();
    fake.autoReply = ["Первый ответ."];
    const { topicId } = splitTopicLine(
      await new StreamReader(await startTopic(account, "Первый вопрос", { assistantType: "gpt" })).rest(),
    );

    const pdf = await uploadOk(
      account.record,
      makePdf(["Договор аренды квартиры", "Срок аренды 11 месяцев"]),
      "аренда.pdf",
    );
    fake.autoReply = ["Второй ответ."];
    const second = await new StreamReader(
      await sendMessage(account, topicId, "Что в договоре?", [pdf.attachment_id]),
    ).rest();
    expect(second).toBe("Второй ответ.");

    const messages = fake.requests[1]!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(textOf(messages[0]!)).toContain("Ты — ассистент «Ясно»");
    expect(textOf(messages[1]!)).toBe("Первый вопрос");
    expect(textOf(messages[2]!)).toBe("Первый ответ.");
    const question = textOf(messages[3]!);
    expect(question).toContain("Что в договоре?");
    expect(question).toContain("Документ «аренда.pdf»");
    expect(question).toContain("Договор аренды квартиры");
    expect(question).toContain("Срок аренды 11 месяцев");
  });

  it("sends a turn with an image to the vision model, the image as an image part", async () => {
    const account = await newAccount();
    const png = await makePng();
    const image = await uploadOk(account.record, png, "схема.png");
    fake.autoReply = ["На схеме квадрат."];
    const res = await startTopic(account, "Что на картинке?", {
      assistantType: "explain_img",
      attachments: [image.attachment_id],
    });
    expect(res.headers.get("x-model")).toBe("fake-vision");
    const { topicId, reply } = splitTopicLine(await new StreamReader(res).rest());
    expect(reply).toBe("На схеме квадрат.");
    expect((await savedMessages(topicId)).at(-1)!.model).toBe("fake-vision");

    const sent = fake.requests[0]!.body;
    expect(sent.model).toBe("fake-vision");
    const content = sent.messages.at(-1)!.content as Exclude<ChatRequest["messages"][number]["content"], string>;
    expect(content[0]).toEqual({ type: "text", text: "Что на картинке?" });
    const url = (content.find((p) => p.type === "image_url") as { image_url: { url: string } }).image_url.url;
    expect(url).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...png))}`);
  });
});

describe("one reply at a time, owned by the topic's object", () => {
  it("answers 409 to a second send while a reply is in flight, and takes no request for it", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.send("Начало ответа");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.includes("Начало")));
    const left = await availableRequests(account);

    const busy = await sendMessage(account, topicId, "Ещё вопрос");
    expect(busy.status).toBe(409);
    expect(await detailOf(busy)).toBe("Дождитесь окончания ответа");
    expect(await availableRequests(account)).toBe(left);

    completion.finish();
    await reader.rest();
    fake.autoReply = ["Теперь можно."];
    expect(await new StreamReader(await sendMessage(account, topicId, "Ещё вопрос")).rest()).toBe("Теперь можно.");
  });

  it("resumes after a disconnect: the text so far, then the rest live, every chunk once and in order", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Расскажи подробно");
    completion.send("раз ").send("два ");
    const first = new StreamReader(await response);
    const { topicId } = splitTopicLine(await first.until((t) => t.endsWith("два ")));
    await first.cancel();

    // The reply goes on with nobody reading.
    completion.send("три ");
    const second = new StreamReader(await resumeStream(account, topicId));
    // «три» may reach the object before the reader or after it: either way once, after the text so far.
    expect(await second.until((t) => t.endsWith("три "))).toBe("раз два три ");
    completion.send("четыре ");
    await second.until((t) => t.endsWith("четыре "));
    completion.send("пять.");
    completion.finish();
    const resumed = await second.rest();

    expect(resumed).toBe("раз два три четыре пять.");
    const saved = (await savedMessages(topicId)).at(-1)!;
    expect(saved).toMatchObject({ role: "assistant", state: "complete" });
    expect(saved.text).toBe(resumed);
    // Nothing in flight any more.
    expect((await resumeStream(account, topicId)).status).toBe(204);
  });

  it("fans one reply out to every reader at once", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.send("А");
    const sender = new StreamReader(await response);
    const { topicId } = splitTopicLine(await sender.until((t) => t.endsWith("А")));
    const other = new StreamReader(await resumeStream(account, topicId));
    completion.send("Б").send("В");
    completion.finish();
    expect(splitTopicLine(await sender.rest()).reply).toBe("АБВ");
    expect(await other.rest()).toBe("АБВ");
  });

  it("finishes and saves the reply after the only reader has left", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.send("Первая часть. ");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.includes("Первая")));
    await reader.cancel();
    completion.send("Вторая часть.");
    completion.finish();

    // Stop waits for nothing here; the saved reply shows the session finished it on its own.
    await expect.poll(async () => (await savedMessages(topicId)).length).toBe(2);
    expect((await savedMessages(topicId))[1]).toMatchObject({ text: "Первая часть. Вторая часть.", state: "complete" });
  });

  it("stops a reply: the model call is aborted and the words so far are kept, marked partial", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Длинный вопрос");
    completion.send("Успела ").send("сказать");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("сказать")));

    const stopped = await call(`/topics/${topicId}/stop`, { method: "POST", headers: authHeaders(account.record) });
    expect(stopped.status).toBe(204);
    await completion.aborted();
    expect(splitTopicLine(await reader.rest()).reply).toBe("Успела сказать");
    expect((await savedMessages(topicId)).at(-1)).toMatchObject({
      role: "assistant",
      text: "Успела сказать",
      state: "partial",
      model: "fake-chat",
    });

    // Stopping again, with nothing running, is harmless.
    expect(
      (await call(`/topics/${topicId}/stop`, { method: "POST", headers: authHeaders(account.record) })).status,
    ).toBe(204);
  });
});

describe("when the model fails", () => {
  it("before its first token: 502 with a Russian detail, the request given back, no assistant message", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.fail(503, "overloaded");
    const res = await response;
    expect(res.status).toBe(502);
    expect(await detailOf(res)).toBe(REPLY_TEXTS.failedBeforeFirstToken);
    const topicId = Number(res.headers.get("x-topic-id"));
    expect(topicId).toBeGreaterThan(0);

    expect(await availableRequests(account)).toBe(before);
    expect((await savedMessages(topicId)).map((m) => m.role)).toEqual(["user"]);
    // The topic is free again.
    fake.autoReply = ["Теперь ответ."];
    expect(await new StreamReader(await sendMessage(account, topicId, "Повторю вопрос")).rest()).toBe("Теперь ответ.");
  });

  it(
    "after its first token: the reader's stream breaks, the partial reply is kept and marked, the request stays " +
      "taken",
    async () => {
      const account = await newAccount();
      const before = await availableRequests(account);
      const { response, completion } = await startDriven(account, "Вопрос");
      completion.send("Половина ");
      const reader = new StreamReader(await response);
      const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("Половина ")));
      completion.cut();

      await expect(reader.rest()).rejects.toThrow();
      expect(splitTopicLine(reader.text).reply).toBe("Половина ");
      expect((await savedMessages(topicId)).at(-1)).toMatchObject({
        role: "assistant",
        text: "Половина ",
        state: "partial",
      });
      expect(await availableRequests(account)).toBe(before - 1);
    },
  );
});

describe("when the session's object restarts mid-reply", () => {
  const restart = async (topicId: number) =>
    runInDurableObject(await sessionOf(topicId), (_, state) => {
      state.abort("the test restarts the object");
    }).catch(() => {});

  it("keeps what it had stored: the next reader finds it saved as a partial reply", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.send("Сохранённое ").send("начало");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("начало")));
    await restart(topicId);
    await expect(reader.rest()).rejects.toThrow();

    // A fresh object finds the reply in its storage and saves it before it answers anyone.
    expect((await resumeStream(account, topicId)).status).toBe(204);
    expect((await savedMessages(topicId)).at(-1)).toMatchObject({
      role: "assistant",
      text: "Сохранённое начало",
      state: "partial",
      model: "fake-chat",
    });
    expect(await availableRequests(account)).toBe(before - 1);
    fake.autoReply = ["Снова работаю."];
    expect(await new StreamReader(await sendMessage(account, topicId, "Ещё раз")).rest()).toBe("Снова работаю.");
  });

  it("gives the request back when it had stored nothing yet", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const { response } = await startDriven(account, "Вопрос");
    const [topicId] = await topicsOf(account);
    // The session writes the question beside the model call: the restart comes once it is in.
    while ((await savedMessages(topicId!)).length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    await restart(topicId!);
    const res = await response;
    expect(res.status).toBe(502);
    expect(await detailOf(res)).toBe(REPLY_TEXTS.interrupted);
    expect((await resumeStream(account, topicId!)).status).toBe(204);
    expect((await savedMessages(topicId!)).map((m) => m.role)).toEqual(["user"]);
    expect(await availableRequests(account)).toBe(before);
  });
});

describe("a topic deleted under a running reply", () => {
  it("drops the reply instead of retrying forever, and leaves the session empty", async () => {
    const account = await newAccount();
    const { response, completion } = await startDriven(account, "Вопрос");
    completion.send("Начало");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("Начало")));
    // Found while the topic's row still names it: after the delete its id would name a new, empty object.
    const session = await sessionOf(topicId);
    // Straight in D1, past the delete route (which stops the reply first).
    await env.DB.prepare("DELETE FROM topics WHERE id = ?").bind(topicId).run();
    completion.send(" и конец.");
    completion.finish();
    await reader.rest();

    expect(await savedMessages(topicId)).toEqual([]);
    const left = await runInDurableObject(session, async (_, state) => ({
      turn: state.storage.kv.get("turn") ?? null,
      chunks: state.storage.sql.exec("SELECT count(*) AS n FROM chunks").one().n,
      alarm: await state.storage.getAlarm(),
    }));
    expect(left).toEqual({ turn: null, chunks: 0, alarm: null });
  });
});

const topicsOf = async (account: Account) =>
  (
    await env.DB.prepare("SELECT id FROM topics WHERE user_id = ? ORDER BY id")
      .bind(account.userId)
      .all<{ id: number }>()
  ).results.map((r) => r.id);

describe("GET /topics/{id}/stream/ and stop on topics that are not running or not yours", () => {
  it("answers 204 when nothing is in flight, 404 for another user's topic", async () => {
    const owner = await newAccount();
    fake.autoReply = ["Ответ."];
    const { topicId } = splitTopicLine(await new StreamReader(await startTopic(owner, "Вопрос")).rest());
    expect((await resumeStream(owner, topicId)).status).toBe(204);

    const stranger = await newAccount();
    for (const res of [
      await resumeStream(stranger, topicId),
      await call(`/topics/${topicId}/stop`, { method: "POST", headers: authHeaders(stranger.record) }),
      await sendMessage(stranger, topicId, "Чужой чат"),
      await call(`/topics/${topicId}/start/stream/`, {
        headers: authHeaders(stranger.record),
        json: { text: "Чужой чат" },
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Чат не найден");
    }
    expect(fake.requests).toHaveLength(1);
  });
});
