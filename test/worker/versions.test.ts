import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTINUE_REQUEST } from "../../worker/ai/prompts";
import { QUESTION_TEXTS } from "../../worker/conversations/services/questions";
import { REPLY_TEXTS } from "../../worker/conversations/turn/topic-object";
import { makePdf } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI, type ChatRequest } from "./fakes/openai";
import { authHeaders, call, detailOf } from "./helpers";
import {
  availableRequests,
  newAccount,
  resumeStream,
  savedMessages,
  sendMessage,
  setRequestsLeft,
  splitTopicLine,
  startTopic,
  StreamReader,
  type Account,
} from "./streams-helpers";

// Versions (regenerate, edit, switch) and Continue, docs/conversations.md: against the fake
// OpenAI-compatible model, so what the model is given is checked too.
const fake = useFakeOpenAI();

type Message = {
  id: number;
  role: string;
  text: string;
  state: string;
  version: number;
  version_ids: number[];
  attachments: { filename: string }[];
};

const textOf = (message: ChatRequest["messages"][number]) =>
  typeof message.content === "string"
    ? message.content
    : message.content.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join("\n");
/** What the last model call was given, after the system prompt: `role: text` per turn. */
const lastContext = () =>
  fake.requests
    .at(-1)!
    .body.messages.slice(1)
    .map((m) => `${m.role}: ${textOf(m).split("\n")[0]}`);

async function history(account: Account, topicId: number): Promise<Message[]> {
  const res = await call(`/topics/${topicId}/history`, { headers: authHeaders(account.record) });
  expect(res.status).toBe(200);
  return (await res.json()) as Message[];
}
const shape = (messages: Message[]) => messages.map((m) => `${m.role}: ${m.text} ${m.version}/${m.version_ids.length}`);

const post = (account: Account, path: string, json?: unknown) =>
  call(path, { method: "POST", headers: authHeaders(account.record), ...(json !== undefined && { json }) });
const regenerate = (account: Account, topicId: number, messageId: number) =>
  post(account, `/topics/${topicId}/messages/${messageId}/regenerate/stream/`);
const edit = (account: Account, topicId: number, messageId: number, text: string) =>
  post(account, `/topics/${topicId}/messages/${messageId}/edit/stream/`, { text });
const continueReply = (account: Account, topicId: number) => post(account, `/topics/${topicId}/continue/stream/`);
const switchTo = (account: Account, topicId: number, messageId: number) =>
  call(`/topics/${topicId}/branch`, {
    method: "PUT",
    headers: authHeaders(account.record),
    json: { message_id: messageId },
  });

/** A topic with two exchanges, answered "Ответ 1" and "Ответ 2". */
async function twoExchanges(account: Account) {
  fake.autoReply = ["Ответ 1"];
  const { topicId } = splitTopicLine(
    await new StreamReader(await startTopic(account, "Вопрос 1", { assistantType: "gpt" })).rest(),
  );
  fake.autoReply = ["Ответ 2"];
  await new StreamReader(await sendMessage(account, topicId, "Вопрос 2")).rest();
  fake.autoReply = null;
  return { topicId, messages: await history(account, topicId) };
}

describe("regenerate and edit keep every version; history, context and share follow the chosen branch", () => {
  it("regenerate twice and edit once, then switch back", async () => {
    const account = await newAccount();
    const { topicId, messages } = await twoExchanges(account);
    expect(shape(messages)).toEqual([
      "user: Вопрос 1 1/1",
      "assistant: Ответ 1 1/1",
      "user: Вопрос 2 1/1",
      "assistant: Ответ 2 1/1",
    ]);
    const before = await availableRequests(account);

    fake.autoReply = ["Ответ 2б"];
    expect(await new StreamReader(await regenerate(account, topicId, messages[3]!.id)).rest()).toBe("Ответ 2б");
    // The model was asked the same question with the same history, without the old reply.
    expect(lastContext()).toEqual(["user: Вопрос 1", "assistant: Ответ 1", "user: Вопрос 2"]);
    fake.autoReply = ["Ответ 2в"];
    const third = await regenerate(account, topicId, messages[3]!.id);
    expect(third.headers.get("x-model")).toBe("fake-chat");
    await new StreamReader(third).rest();
    let now = await history(account, topicId);
    expect(shape(now)).toEqual([
      "user: Вопрос 1 1/1",
      "assistant: Ответ 1 1/1",
      "user: Вопрос 2 1/1",
      "assistant: Ответ 2в 3/3",
    ]);
    expect(now[3]!.version_ids[0]).toBe(messages[3]!.id);
    expect(await availableRequests(account)).toBe(before - 2);

    // Edit the first question: a new branch from the start, its reply given only the new question.
    fake.autoReply = ["Ответ 1*"];
    expect(await new StreamReader(await edit(account, topicId, messages[0]!.id, "Вопрос 1, иначе")).rest()).toBe(
      "Ответ 1*",
    );
    expect(lastContext()).toEqual(["user: Вопрос 1, иначе"]);
    now = await history(account, topicId);
    expect(shape(now)).toEqual(["user: Вопрос 1, иначе 2/2", "assistant: Ответ 1* 1/1"]);

    // Back to the first version of the question: below it, the newest reply of each step.
    const switched = await switchTo(account, topicId, messages[0]!.id);
    expect(switched.status).toBe(200);
    expect(shape((await switched.json()) as Message[])).toEqual([
      "user: Вопрос 1 1/2",
      "assistant: Ответ 1 1/1",
      "user: Вопрос 2 1/1",
      "assistant: Ответ 2в 3/3",
    ]);
    // Then the second reply's first version; a send follows that branch.
    await switchTo(account, topicId, messages[3]!.id);
    fake.autoReply = ["Ответ 3"];
    await new StreamReader(await sendMessage(account, topicId, "Вопрос 3")).rest();
    expect(lastContext()).toEqual([
      "user: Вопрос 1",
      "assistant: Ответ 1",
      "user: Вопрос 2",
      "assistant: Ответ 2",
      "user: Вопрос 3",
    ]);
    expect(shape(await history(account, topicId)).slice(3)).toEqual([
      "assistant: Ответ 2 1/3",
      "user: Вопрос 3 1/1",
      "assistant: Ответ 3 1/1",
    ]);
    // Nothing was thrown away: every version is still stored.
    expect((await savedMessages(topicId)).length).toBe(10);
  });

  it("a share link shows the chosen branch, and follows a switch", async () => {
    const account = await newAccount();
    const { topicId, messages } = await twoExchanges(account);
    fake.autoReply = ["Ответ 2б"];
    await new StreamReader(await regenerate(account, topicId, messages[3]!.id)).rest();
    const { hash } = (await (await post(account, `/topics/${topicId}/share`)).json()) as { hash: string };
    const shared = async () =>
      ((await (await call(`/share/topic/history/${hash}`)).json()) as { messages: Message[] }).messages.map(
        (m) => m.text,
      );
    expect(await shared()).toEqual(["Вопрос 1", "Ответ 1", "Вопрос 2", "Ответ 2б"]);
    await switchTo(account, topicId, messages[3]!.id);
    expect(await shared()).toEqual(["Вопрос 1", "Ответ 1", "Вопрос 2", "Ответ 2"]);
  });

  it("an edited question keeps its files: the model gets the document again", async () => {
    const account = await newAccount();
    const pdf = await uploadOk(account.record, makePdf(["Договор аренды", "Срок 11 месяцев"]), "аренда.pdf");
    fake.autoReply = ["Первый"];
    const { topicId } = splitTopicLine(
      await new StreamReader(
        await startTopic(account, "Что в договоре?", { assistantType: "gpt", attachments: [pdf.attachment_id] }),
      ).rest(),
    );
    const [question] = await history(account, topicId);
    fake.autoReply = ["Второй"];
    await new StreamReader(await edit(account, topicId, question!.id, "Какой срок в договоре?")).rest();
    const sent = textOf(fake.requests.at(-1)!.body.messages.at(-1)!);
    expect(sent).toContain("Какой срок в договоре?");
    expect(sent).toContain("Срок 11 месяцев");
    const [edited] = await history(account, topicId);
    expect(edited!.attachments.map((a) => a.filename)).toEqual(["аренда.pdf"]);
  });
});

describe("regenerate and edit follow every rule of a send", () => {
  it("refuses the wrong kind of message, a message of another topic, another user's topic and a bad text", async () => {
    const account = await newAccount();
    const { topicId, messages } = await twoExchanges(account);
    const other = await twoExchanges(account);
    const stranger = await newAccount();

    const wrongKind = await regenerate(account, topicId, messages[0]!.id);
    expect(wrongKind.status).toBe(422);
    expect(await detailOf(wrongKind)).toBe(QUESTION_TEXTS.regenerateReplyOnly);
    const editReply = await edit(account, topicId, messages[1]!.id, "Текст");
    expect(editReply.status).toBe(422);
    expect(await detailOf(editReply)).toBe(QUESTION_TEXTS.editQuestionOnly);

    const elsewhere = await regenerate(account, topicId, other.messages[1]!.id);
    expect(elsewhere.status).toBe(404);
    expect(await detailOf(elsewhere)).toBe("Сообщение не найдено");
    expect((await switchTo(account, topicId, other.messages[1]!.id)).status).toBe(404);
    for (const res of [
      await regenerate(stranger, topicId, messages[1]!.id),
      await edit(stranger, topicId, messages[0]!.id, "Чужое"),
      await continueReply(stranger, topicId),
      await switchTo(stranger, topicId, messages[0]!.id),
    ]) {
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Чат не найден");
    }

    const empty = await edit(account, topicId, messages[0]!.id, "   ");
    expect(empty.status).toBe(422);
    expect(JSON.stringify(await empty.json())).toContain("Сообщение не может быть пустым");
    expect((await switchTo(account, topicId, 0)).status).toBe(422);
    // Nothing of the above reached the model or changed the topic.
    expect(fake.requests.length).toBe(4);
    expect(shape(await history(account, topicId))).toEqual(shape(messages));
  });

  it("403 when the mode's terms are no longer accepted, before anything is taken", async () => {
    const account = await newAccount();
    fake.autoReply = ["Ответ"];
    const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, "Вопрос о законе")).rest());
    fake.autoReply = null;
    const [question, reply] = await history(account, topicId);
    await env.DB.prepare("DELETE FROM disclaimer_acceptances WHERE user_id = ?").bind(account.userId).run();
    const before = await availableRequests(account);
    for (const res of [
      await regenerate(account, topicId, reply!.id),
      await edit(account, topicId, question!.id, "Другой вопрос"),
      await continueReply(account, topicId),
    ]) {
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toBe("Примите условия использования режима");
    }
    expect(await availableRequests(account)).toBe(before);
    expect((await savedMessages(topicId)).length).toBe(2);
  });

  it("402 without requests left, and nothing written", async () => {
    const account = await newAccount();
    const { topicId, messages } = await twoExchanges(account);
    await setRequestsLeft(account, 0);
    const refused = await edit(account, topicId, messages[2]!.id, "Новый вопрос");
    expect(refused.status).toBe(402);
    expect((await regenerate(account, topicId, messages[3]!.id)).status).toBe(402);
    expect((await savedMessages(topicId)).length).toBe(4);
    expect(shape(await history(account, topicId))).toEqual(shape(messages));
  });

  it(
    "409 while a reply is in flight; the new reply resumes after a reload with the history ending at its " + "question",
    async () => {
      const account = await newAccount();
      const { topicId, messages } = await twoExchanges(account);
      const response = regenerate(account, topicId, messages[3]!.id);
      const completion = await fake.nextCompletion();
      completion.send("Новый ");
      const reader = new StreamReader(await response);
      await reader.until((t) => t === "Новый ");

      expect((await regenerate(account, topicId, messages[3]!.id)).status).toBe(409);
      expect((await edit(account, topicId, messages[2]!.id, "Другой")).status).toBe(409);
      expect((await switchTo(account, topicId, messages[1]!.id)).status).toBe(409);
      // A reload: the history ends at the question, the reply in flight comes from the stream.
      expect(shape(await history(account, topicId)).at(-1)).toBe("user: Вопрос 2 1/1");
      const resumed = new StreamReader(await resumeStream(account, topicId));
      await resumed.until((t) => t === "Новый ");
      completion.send("ответ").finish();
      expect(await resumed.rest()).toBe("Новый ответ");
      expect(await reader.rest()).toBe("Новый ответ");
      await expect.poll(async () => shape(await history(account, topicId)).at(-1)).toBe("assistant: Новый ответ 2/2");
    },
  );

  it("a model that fails before its first word: 502, the request back, and the branch as it was", async () => {
    const account = await newAccount();
    const { topicId, messages } = await twoExchanges(account);
    const before = await availableRequests(account);
    const response = regenerate(account, topicId, messages[3]!.id);
    (await fake.nextCompletion()).fail(503, "overloaded");
    const res = await response;
    expect(res.status).toBe(502);
    expect(await detailOf(res)).toBe(REPLY_TEXTS.failedBeforeFirstToken);
    expect(await availableRequests(account)).toBe(before);
    expect(shape(await history(account, topicId))).toEqual(shape(messages));
  });
});

describe("continue goes on from a cut reply, in the same message", () => {
  /** A topic whose reply was stopped after "Начало ответа, ". */
  async function stoppedReply(account: Account) {
    const response = startTopic(account, "Длинный вопрос", { assistantType: "gpt" });
    const completion = await fake.nextCompletion();
    completion.send("Начало ответа, ");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("ответа, ")));
    expect((await post(account, `/topics/${topicId}/stop`)).status).toBe(204);
    await reader.rest();
    const cut = (await history(account, topicId)).at(-1)!;
    expect(cut).toMatchObject({ role: "assistant", state: "partial", text: "Начало ответа, " });
    return { topicId, cut };
  }

  it("streams the whole reply, asks the model to go on, and completes the same message", async () => {
    const account = await newAccount();
    const { topicId, cut } = await stoppedReply(account);
    const before = await availableRequests(account);

    const response = continueReply(account, topicId);
    const completion = await fake.nextCompletion();
    const sent = completion.request.body.messages.slice(1).map((m) => [m.role, textOf(m)]);
    expect(sent).toEqual([
      ["user", "Длинный вопрос"],
      ["assistant", "Начало ответа, "],
      ["user", CONTINUE_REQUEST],
    ]);
    completion.send("а вот ");
    const reader = new StreamReader(await response);
    await reader.until((t) => t.endsWith("а вот "));
    // Meanwhile a reload shows the question, and the stream the whole reply so far.
    expect((await history(account, topicId)).map((m) => m.role)).toEqual(["user"]);
    expect(
      await new StreamReader(await resumeStream(account, topicId)).until((t) => t === "Начало ответа, а вот "),
    ).toBe("Начало ответа, а вот ");
    completion.send("и конец.").finish();
    expect(await reader.rest()).toBe("Начало ответа, а вот и конец.");

    const after = (await history(account, topicId)).at(-1)!;
    expect(after).toMatchObject({ id: cut.id, text: "Начало ответа, а вот и конец.", state: "complete" });
    expect((await savedMessages(topicId)).length).toBe(2);
    // The stopped reply and its continuation are one request, taken when the reply began.
    expect(await availableRequests(account)).toBe(before);
    // Search knows the continued words.
    const found = await call("/topics/search?q=конец", { headers: authHeaders(account.record) });
    expect(((await found.json()) as { message_id: number }[]).map((h) => h.message_id)).toEqual([cut.id]);
  });

  it(
    "422 when nothing was cut; a model that adds nothing gives the request back and leaves the reply as it " + "was",
    async () => {
      const account = await newAccount();
      const { topicId: whole } = await twoExchanges(account);
      const nothing = await continueReply(account, whole);
      expect(nothing.status).toBe(422);
      expect(await detailOf(nothing)).toBe(QUESTION_TEXTS.nothingToContinue);

      const { topicId, cut } = await stoppedReply(account);
      const before = await availableRequests(account);
      const response = continueReply(account, topicId);
      (await fake.nextCompletion()).fail(500, "boom");
      expect((await response).status).toBe(502);
      expect(await availableRequests(account)).toBe(before);
      expect((await history(account, topicId)).at(-1)).toMatchObject({
        id: cut.id,
        text: "Начало ответа, ",
        state: "partial",
      });
    },
  );

  it("goes on with no request left, takes none, and is 409 while it runs", async () => {
    const account = await newAccount();
    const { topicId } = await stoppedReply(account);
    await setRequestsLeft(account, 0);
    // A new question is refused, the cut reply still goes on: its request was taken.
    expect((await sendMessage(account, topicId, "Другой вопрос")).status).toBe(402);
    const response = continueReply(account, topicId);
    const completion = await fake.nextCompletion();
    completion.send("ещё ");
    const reader = new StreamReader(await response);
    await reader.until((t) => t.endsWith("ещё "));
    expect((await continueReply(account, topicId)).status).toBe(409);
    completion.finish();
    expect(await reader.rest()).toBe("Начало ответа, ещё ");
    expect(await availableRequests(account)).toBe(0);
  });

  it("stop and continue twice: still the one request of the first reply", async () => {
    const account = await newAccount();
    const start = await availableRequests(account);
    const { topicId } = await stoppedReply(account);
    for (const words of ["раз, ", "два."]) {
      const response = continueReply(account, topicId);
      const completion = await fake.nextCompletion();
      completion.send(words);
      const reader = new StreamReader(await response);
      await reader.until((t) => t.endsWith(words));
      if (words === "два.") completion.finish();
      else expect((await post(account, `/topics/${topicId}/stop`)).status).toBe(204);
      await reader.rest();
    }
    expect((await history(account, topicId)).at(-1)).toMatchObject({
      text: "Начало ответа, раз, два.",
      state: "complete",
    });
    expect(await availableRequests(account)).toBe(start - 1);
  });
});
