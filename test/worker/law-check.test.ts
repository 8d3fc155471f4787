import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sourcesMarkdown } from "../../worker/conversations/services/export-sources";
import { citationCheckSchema, type citationSchema } from "../../worker/law/schemas";
import { GK_2020, GK_2024 } from "./fixtures/law";
import { importEdition, seedCivilCode } from "./law-seed";
import { useFakeOpenAI } from "./fakes/openai";
import {
  authHeaders,
  call,
  createAdmin,
  createBotUser,
  detailOf,
  expectTooMany,
  registerUser,
  uniqueIp,
} from "./helpers";
import { newAccount, savedMessages, splitTopicLine, startTopic, StreamReader } from "./streams-helpers";

// Every citation checked (docs/law.md): a reply's citations resolved against the library when it is saved,
// carried by history, the share page's data and the Markdown export; and POST /law/citations/check.

const fake = useFakeOpenAI();

type Citation = ReturnType<typeof citationSchema.parse>;
type HistoryMessage = { role: string; text: string; citations: Citation[]; citations_date: string | null };

/** A law of its own for this file (a number no other test uses), with GK_2020's and GK_2024's articles. */
const lawNumber = `${10_000 + Math.floor(Math.random() * 60_000)}-ФЗ`;

beforeAll(async () => {
  await seedCivilCode();
  const admin = (await createAdmin()).record.access_token;
  await importEdition(admin, lawNumber, GK_2020, "2020-01-01");
  await importEdition(admin, lawNumber, GK_2024, "2024-01-01");
});

const check = (token: string | null, json: unknown) =>
  call("/law/citations/check", { method: "POST", headers: token ? { "jwt-token": token } : {}, json });

async function checked(text: string, date?: string): Promise<Citation[]> {
  const { record } = await registerUser();
  const res = await check(record.access_token, { text, ...(date && { date }) });
  expect(res.status).toBe(200);
  // The shape the OpenAPI document gives, each citation on its words.
  const { citations } = citationCheckSchema.parse(await res.json());
  for (const c of citations) expect(text.slice(c.start, c.end)).toBe(c.text);
  return citations;
}

const brief = (c: Citation) => ({
  article: c.article,
  status: c.status,
  ...(c.edition_from && { edition_from: c.edition_from }),
  ...(c.repealed_on && { repealed_on: c.repealed_on }),
});

describe("resolving citations", () => {
  it("gives the edition in force at the date: an article changed in 2024 resolves to its 2020 text in 2021", async () => {
    const text = `Плату вносят по ст. 614 Федерального закона № ${lawNumber}.`;
    expect((await checked(text, "2021-06-01")).map(brief)).toEqual([
      { article: "614", status: "in_force", edition_from: "2020-01-01" },
    ]);
    expect((await checked(text, "2025-03-01")).map(brief)).toEqual([
      { article: "614", status: "in_force", edition_from: "2024-01-01" },
    ]);
  });

  it("says since when an article is repealed, and that it was in force before", async () => {
    const text = `Статья 614.1 Закона № ${lawNumber} больше не применяется.`;
    expect((await checked(text, "2025-03-01")).map(brief)).toEqual([
      { article: "614.1", status: "repealed", edition_from: "2024-01-01", repealed_on: "2024-01-01" },
    ]);
    expect((await checked(text, "2023-12-31")).map(brief)).toEqual([
      { article: "614.1", status: "in_force", edition_from: "2020-01-01" },
    ]);
  });

  it("gives one item per article of a range, the ones the act lacks not_found", async () => {
    const text = `Это следует из статей 669–671 Федерального закона № ${lawNumber}.`;
    const citations = await checked(text, "2025-03-01");
    expect(citations.map(brief)).toEqual([
      { article: "669", status: "not_found" },
      { article: "670", status: "not_found" },
      { article: "671", status: "in_force", edition_from: "2020-01-01" },
    ]);
    // Every item of the group covers the whole group's text.
    expect(new Set(citations.map((c) => c.text))).toEqual(
      new Set([`статей 669–671 Федерального закона № ${lawNumber}`]),
    );
    expect(citations[0]).toMatchObject({ act: lawNumber });
  });

  it("marks an act the library does not have unknown_act, under its name as written", async () => {
    const citations = await checked("По ст. 12 Федерального закона № 99999-ФЗ и ст. 619 ГК РФ.", "2025-03-01");
    expect(citations.map((c) => [c.act, c.article, c.status])).toEqual([
      ["99999-ФЗ", "12", "unknown_act"],
      ["ГК РФ", "619", "in_force"],
    ]);
  });

  it("keeps parts and points, and answers none for a text that cites nothing", async () => {
    const citations = await checked(`По п. 2 ч. 1 ст. 614 Закона № ${lawNumber} арендатор платит.`, "2025-03-01");
    expect(citations).toEqual([expect.objectContaining({ article: "614", part: "1", point: "2", status: "in_force" })]);
    expect(await checked("Статья 10 договора аренды: арендатор платит 5 000 руб. в месяц.")).toEqual([]);
  });
});

describe("POST /law/citations/check", () => {
  it("is for a signed-in user", async () => {
    expect((await check(null, { text: "ст. 619 ГК РФ" })).status).toBe(401);
  });

  it("answers bad input with a Russian 422, never a 500", async () => {
    const { record } = await registerUser();
    const token = record.access_token;
    for (const body of [
      {},
      { text: 5 },
      { text: "ст. 619 ГК РФ", date: "01.02.2024" },
      { text: "x", date: "2024-13-45" },
    ]) {
      const res = await check(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(await detailOf(res))).toMatch(/[а-яё]/i);
    }
    const tooLong = await check(token, { text: "ст. 619 ГК РФ. ".repeat(8_000) });
    expect(tooLong.status).toBe(422);
    expect(JSON.stringify(await detailOf(tooLong))).toContain("Текст для проверки длиннее 100 000 символов");
    const bad = await SELF.fetch("http://app.test/api/v2/law/citations/check", {
      method: "POST",
      headers: { "jwt-token": token, "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBeLessThan(500);
  });

  it("reads a long text with many citations in one answer", async () => {
    const text = Array.from({ length: 300 }, (_, i) => `По ст. ${i + 400} ГК РФ и ст. ${i + 400} ЖК РФ.`).join(" ");
    const citations = await checked(text, "2025-03-01");
    expect(citations).toHaveLength(600);
    expect(citations.find((c) => c.article === "619" && c.act === "ГК РФ")?.status).toBe("in_force");
  });

  it("is limited to 30 checks a minute per user, with a Russian 429", async () => {
    const { record } = await registerUser();
    for (let i = 0; i < 30; i++) expect((await check(record.access_token, { text: "нет ссылок" })).status).toBe(200);
    const res = await check(record.access_token, { text: "нет ссылок" });
    await expectTooMany(res, 60);
    // Another user is not held back.
    expect((await check((await registerUser()).record.access_token, { text: "нет ссылок" })).status).toBe(200);
  });
});

describe("a reply's citations", () => {
  const REPLY = "Арендодатель вправе расторгнуть договор по ст. 619 ГК РФ. Ссылка на ст. 9999 ГК РФ — выдумка.";

  /** The reply is saved once the stream has ended: wait for its row, not for a time. */
  async function replySaved(topicId: number) {
    while (!(await savedMessages(topicId)).some((m) => m.role === "assistant"))
      await new Promise((r) => setTimeout(r, 5));
  }

  async function answeredTopic() {
    const account = await newAccount();
    const response = startTopic(account, "Можно ли расторгнуть аренду досрочно?");
    (await fake.nextCompletion()).reply(
      "Арендодатель вправе расторгнуть договор по ст. 619 ГК РФ. ",
      "Ссылка на ст. 9999 ГК РФ — выдумка.",
    );
    const { topicId } = splitTopicLine(await new StreamReader(await response).rest());
    await replySaved(topicId);
    return { account, topicId };
  }

  it("are stored with the reply, both statuses, and seen in history", async () => {
    const { account, topicId } = await answeredTopic();
    const res = await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) });
    expect(res.status).toBe(200);
    const [question, reply] = (await res.json()) as HistoryMessage[];
    expect(question).toMatchObject({ role: "user", citations: [], citations_date: null });
    expect(reply!.text).toBe(REPLY);
    expect(reply!.citations_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reply!.citations).toEqual([
      {
        text: "ст. 619 ГК РФ",
        start: REPLY.indexOf("ст. 619"),
        end: REPLY.indexOf("ст. 619") + "ст. 619 ГК РФ".length,
        act: "ГК РФ",
        article: "619",
        status: "in_force",
        edition_from: expect.any(String),
      },
      {
        text: "ст. 9999 ГК РФ",
        start: REPLY.indexOf("ст. 9999"),
        end: REPLY.indexOf("ст. 9999") + "ст. 9999 ГК РФ".length,
        act: "ГК РФ",
        article: "9999",
        status: "not_found",
      },
    ]);
  });

  it("are in the Markdown export's «Источники» and the share page's data", async () => {
    const { account, topicId } = await answeredTopic();
    const headers = authHeaders(account.record);
    const markdown = await (await call(`/topics/${topicId}/export?format=md`, { headers })).text();
    expect(markdown).toContain(
      `${REPLY}\n\n**Источники**\n\n- ст. 619 ГК РФ\n- ст. 9999 ГК РФ — такой статьи нет в ГК РФ — проверьте ответ`,
    );
    const share = await call(`/topics/${topicId}/share`, { method: "POST", headers });
    const { hash } = (await share.json()) as { hash: string };
    const shared = (await (await call(`/share/topic/history/${hash}`)).json()) as { messages: HistoryMessage[] };
    expect(shared.messages[1]!.citations.map((c) => [c.article, c.status])).toEqual([
      ["619", "in_force"],
      ["9999", "not_found"],
    ]);
  });

  it("a library that fails leaves the reply saved, without citations", async () => {
    const library = env.LAW_DB;
    const failing = () => {
      throw new Error("D1_ERROR: the law library is unavailable");
    };
    // The Worker and the topic's object read the same env object as the test.
    env.LAW_DB = { prepare: failing, batch: failing, exec: failing } as unknown as D1Database;
    try {
      const { account, topicId } = await answeredTopic();
      const res = await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) });
      const [, reply] = (await res.json()) as HistoryMessage[];
      expect(reply).toMatchObject({ text: REPLY, citations: [], citations_date: null });
    } finally {
      env.LAW_DB = library;
    }
  });

  it("move with the text where the privacy guard's values are put back", async () => {
    const account = await newAccount();
    const response = startTopic(account, "Мой телефон +7 912 345-67-89. Можно ли расторгнуть аренду?");
    const completion = await fake.nextCompletion();
    completion.reply("Позвоните на [Телефон 1]: по ст. 619 ГК РФ договор можно расторгнуть.");
    const { topicId } = splitTopicLine(await new StreamReader(await response).rest());
    await replySaved(topicId);
    const res = await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) });
    const [, reply] = (await res.json()) as HistoryMessage[];
    expect(reply!.text).toContain("+7 912 345-67-89");
    const [citation] = reply!.citations;
    expect(reply!.text.slice(citation!.start, citation!.end)).toBe("ст. 619 ГК РФ");
  });

  it("are listed once each in «Источники», a repealed, an invented and an unchecked one marked", () => {
    const at = { text: "x", start: 0, end: 1 };
    const markdown = sourcesMarkdown([
      { ...at, act: "ГК РФ", article: "450", part: "2", status: "in_force", edition_from: "2024-01-01" },
      { ...at, act: "ГК РФ", article: "450", part: "2", status: "in_force", edition_from: "2024-01-01" },
      { ...at, act: "ГК РФ", article: "70", status: "repealed", edition_from: "2020-01-01", repealed_on: "2019-09-01" },
      { ...at, act: "ЖК РФ", article: "9999", status: "not_found" },
      { ...at, act: "218-ФЗ", article: "14", point: "3", status: "unknown_act" },
    ]);
    expect(markdown).toBe(
      [
        "**Источники**",
        "",
        "- ч. 2 ст. 450 ГК РФ",
        "- ст. 70 ГК РФ — утратила силу с 01.09.2019",
        "- ст. 9999 ЖК РФ — такой статьи нет в ЖК РФ — проверьте ответ",
        "- п. 3 ст. 14 № 218-ФЗ — акта нет в библиотеке Ясно, проверить не удалось",
      ].join("\n"),
    );
    expect(sourcesMarkdown([])).toBeNull();
  });

  it("come with the bots' whole reply", async () => {
    const { externalId, internal } = await createBotUser();
    const response = SELF.fetch(`http://app.test/internal/api/v2/messages/tg/${externalId}/0`, {
      method: "POST",
      headers: { ...internal, "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ text: "Можно ли расторгнуть аренду?", assistant_type: "gpt", stream: false }),
    });
    (await fake.nextCompletion()).reply(REPLY);
    const res = await response;
    expect(res.status).toBe(200);
    const reply = (await res.json()) as HistoryMessage;
    expect(reply.text).toBe(REPLY);
    expect(reply.citations_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reply.citations.map((c) => [c.text, c.article, c.status])).toEqual([
      ["ст. 619 ГК РФ", "619", "in_force"],
      ["ст. 9999 ГК РФ", "9999", "not_found"],
    ]);
  });
});
