import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeDocx } from "./fixtures/files";
import { shardDatabaseOf, uploadOk } from "./fixtures/uploads";
import { type ChatRequest, useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call } from "./helpers";
import {
  newAccount,
  savedMessages,
  sendMessage,
  splitTopicLine,
  StreamReader,
  startTopic,
  type Account,
} from "./streams-helpers";
import { sessionOf } from "./topics-db";

// docs/privacy.md: personal data in a question and its documents never reaches the model; the
// user gets the values back in the stream and in history; a share link shows placeholders.
const fake = useFakeOpenAI();

// Values with valid check digits, as people write them.
const PASSPORT = "45 06 123456";
const SNILS = "112-233-445 95";
const INN = "7707083893";
const PHONE = "+7 (916) 123-45-67";
const EMAIL = "ivanov@example.ru";
const NAME = "Иванов Иван Петрович";
const CARD = "4276 3800 1234 5679";

const QUESTION =
  `Продавец ${NAME}, паспорт ${PASSPORT}, СНИЛС ${SNILS}, ИНН ${INN}, телефон ${PHONE}, почта ` +
  `${EMAIL}, карта ${CARD}. Можно ли ему доверять?`;
const VALUES = [PASSPORT, SNILS, INN, PHONE, EMAIL, CARD, "Иванов", "123456", "7707083893", "4276"];

const textOf = (message: ChatRequest["messages"][number]) =>
  typeof message.content === "string"
    ? message.content
    : message.content.map((p) => (p.type === "text" ? p.text : "")).join("\n");

/** Everything the model was sent in its last request, as one text. */
const sentToModel = () => fake.requests.at(-1)!.body.messages.map(textOf).join("\n");

/** A topic started with the question; the fake model answers `reply` (placeholders in it). */
async function ask(
  account: Account,
  question: string,
  reply: (sent: string) => string,
  options: { attachments?: number[]; keep?: string[] } = {},
) {
  const response = call("/topics/start/stream/", {
    headers: authHeaders(account.record),
    json: {
      message: { text: question, attachments: options.attachments ?? [], keep_as_is: options.keep ?? [] },
      assistant_type: "explain_law",
    },
  });
  const completion = await fake.nextCompletion();
  const sent = sentToModel();
  completion.send(reply(sent).slice(0, 7)).send(reply(sent).slice(7)).finish();
  const res = await response;
  expect(res.status).toBe(200);
  const { topicId, reply: streamed } = splitTopicLine(await new StreamReader(res).rest());
  return { topicId, streamed, sent };
}

const history = async (account: Account, topicId: number) =>
  (await (await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) })).json()) as {
    role: string;
    text: string;
    masked: { kind: string; count: number }[];
  }[];

describe("the privacy guard on a send", () => {
  it(
    "the model gets placeholders for every kind; the user gets the values back in the stream and in " + "history",
    async () => {
      const account = await newAccount();
      const { topicId, streamed, sent } = await ask(
        account,
        QUESTION,
        () => "Проверьте [ФИО 1]: паспорт [Паспорт 1], звоните на [Телефон 1].",
      );
      for (const value of VALUES) expect(sent, value).not.toContain(value);
      for (const placeholder of [
        "[ФИО 1]",
        "[Паспорт 1]",
        "[СНИЛС 1]",
        "[ИНН 1]",
        "[Телефон 1]",
        "[Email 1]",
        "[Карта 1]",
      ])
        expect(sent).toContain(placeholder);

      expect(streamed).toBe(`Проверьте ${NAME}: паспорт ${PASSPORT}, звоните на ${PHONE}.`);
      const messages = await history(account, topicId);
      expect(messages[0]!.text).toBe(QUESTION);
      expect(messages[0]!.masked).toEqual([
        { kind: "passport", count: 1 },
        { kind: "snils", count: 1 },
        { kind: "inn", count: 1 },
        { kind: "card", count: 1 },
        { kind: "phone", count: 1 },
        { kind: "email", count: 1 },
        { kind: "name", count: 1 },
      ]);
      expect(messages[1]!.text).toBe(streamed);
      expect(messages[1]!.masked).toEqual([]);

      // Stored as the model saw it; the map is sealed, never in the clear.
      const stored = await savedMessages(topicId);
      for (const value of VALUES) expect(JSON.stringify(stored)).not.toContain(value);
      const vault = await (await (env as unknown as Record<string, D1Database>)[`HISTORY_${await shardOf(account)}`]!)
        .prepare("SELECT sealed FROM topic_vaults WHERE topic_id = ?")
        .bind(topicId)
        .first<{ sealed: string }>();
      expect(vault!.sealed).toMatch(/^v1\./);
      for (const value of VALUES) expect(vault!.sealed).not.toContain(value);
    },
  );

  it("the same value keeps its placeholder in the next question and in the history the model is sent", async () => {
    const account = await newAccount();
    const { topicId } = await ask(account, `Продавец ${NAME}, телефон ${PHONE}.`, () => "Понял.");
    const response = sendMessage(
      account,
      topicId,
      `А если ${NAME} не ответит на ${PHONE}, а покупатель Петрова Анна Сергеевна ответит?`,
    );
    const completion = await fake.nextCompletion();
    const sent = sentToModel();
    completion.send("[ФИО 2] ответит за [ФИО 1].").finish();
    const { reply } = splitTopicLine(`topic_id: 0\n${await new StreamReader(await response).rest()}`);
    for (const value of ["Иванов", "916", "Петрова"]) expect(sent).not.toContain(value);
    expect(sent.match(/\[ФИО 1\]/g)!.length).toBeGreaterThanOrEqual(2);
    expect(sent).toContain("[ФИО 2]");
    expect(reply).toBe("Петрова Анна Сергеевна ответит за Иванов Иван Петрович.");
  });

  it("a document's text is guarded too, and a value the user keeps goes as is", async () => {
    const account = await newAccount();
    const doc = await uploadOk(
      account.record,
      await makeDocx([`Договор. Покупатель ${NAME}, СНИЛС ${SNILS}.`]),
      "договор.docx",
    );
    const { sent } = await ask(account, `Мой телефон ${PHONE}, проверьте договор`, () => "Смотрю.", {
      attachments: [doc.attachment_id],
      keep: ["phone:79161234567"],
    });
    expect(sent).toContain(PHONE);
    expect(sent).not.toContain(SNILS);
    expect(sent).not.toContain("Иванов");
    expect(sent).toContain("[СНИЛС 1]");
    const row = await shardDatabaseOf(doc)
      .prepare("SELECT extracted_text FROM attachments WHERE id = ?")
      .bind(doc.attachment_id)
      .first<{ extracted_text: string }>();
    expect(row!.extracted_text).toContain("[СНИЛС 1]");
  });

  it("turned off for the mode, the question goes as is", async () => {
    const account = await newAccount();
    await call("/privacy/settings/explain_law", {
      method: "PUT",
      headers: authHeaders(account.record),
      json: { enabled: false },
    });
    const { sent, topicId } = await ask(account, QUESTION, () => "Ответ.");
    expect(sent).toContain(PASSPORT);
    expect((await history(account, topicId))[0]!.masked).toEqual([]);
  });

  it("turned off in one mode, a new topic in another is still guarded", async () => {
    const account = await newAccount();
    await call("/privacy/settings/gpt", {
      method: "PUT",
      headers: authHeaders(account.record),
      json: { enabled: false },
    });
    const { sent } = await ask(account, QUESTION, () => "Ответ.");
    expect(sent).not.toContain(PASSPORT);
    expect(sent).toContain("[Паспорт 1]");
  });

  it("a share link shows placeholders, and the values only when the owner reveals them", async () => {
    const account = await newAccount();
    const { topicId } = await ask(
      account,
      `Продавец ${NAME}, телефон ${PHONE}.`,
      () => "Позвоните [ФИО 1] на [Телефон 1].",
    );
    const headers = authHeaders(account.record);
    const { hash } = (await (await call(`/topics/${topicId}/share`, { headers, json: {} })).json()) as { hash: string };
    const read = async () => JSON.stringify(await (await call(`/share/topic/history/${hash}`)).json());
    // The page the link opens carries the conversation in its HTML: the same placeholders.
    const page = async () => (await SELF.fetch(`http://app.test/share/${hash}`)).text();
    for (const masked of [await read(), await page()]) {
      expect(masked).toContain("[ФИО 1]");
      expect(masked).not.toContain("Иванов");
      expect(masked).not.toContain("916");
    }
    await call(`/topics/${topicId}/share`, { headers, json: { reveal: true } });
    for (const revealed of [await read(), await page()]) {
      expect(revealed).toContain(NAME);
      expect(revealed).toContain(PHONE);
    }
  });
});

async function shardOf(account: Account): Promise<number> {
  return (await env.DB.prepare("SELECT history_shard AS n FROM users WHERE id = ?")
    .bind(account.userId)
    .first<{ n: number }>())!.n;
}

describe("what the model is sent never holds a value", () => {
  it("the question, the history above it and a document, in one request", async () => {
    const account = await newAccount();
    const doc = await uploadOk(account.record, await makeDocx([`Паспорт ${PASSPORT}, ИНН ${INN}`]), "паспорт.docx");
    const { topicId } = await ask(account, `Мой СНИЛС ${SNILS}`, () => "Хорошо.", { attachments: [doc.attachment_id] });
    const response = sendMessage(account, topicId, `И карта ${CARD}`);
    const completion = await fake.nextCompletion();
    const sent = JSON.stringify(fake.requests.at(-1)!.body);
    completion.send("Готово.").finish();
    await (await response).text();
    for (const value of [PASSPORT, INN, SNILS, CARD, "123456", "4276"]) expect(sent, value).not.toContain(value);
  });
});

describe("the topic's object", () => {
  it("keeps no value, nor the question in hand, in what it stores for a restart", async () => {
    const account = await newAccount();
    const response = startTopic(account, QUESTION, { assistantType: "explain_law" });
    const completion = await fake.nextCompletion();
    completion.send("Смотрю");
    const res = await response;
    const topicId = Number(res.headers.get("x-topic-id"));
    const stored = await runInDurableObject(await sessionOf(topicId), (_, state) =>
      JSON.stringify(state.storage.kv.get("turn")),
    );
    expect(stored).toContain(`"userMessageId"`);
    expect(stored).not.toContain("Продавец");
    for (const value of VALUES) expect(stored, value).not.toContain(value);
    completion.finish();
    await new StreamReader(res).rest();
  });
});
