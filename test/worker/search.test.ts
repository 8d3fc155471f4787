import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { historyOf } from "./topics-db";
import { describe, expect, it } from "vitest";
import { SEARCH_TEXTS } from "../../worker/conversations/routes/search";
import { indexBodies, termsOf } from "../../worker/conversations/search/lexicon";
import { stemOf, wordsOf } from "../../worker/conversations/search/words";
import worker from "../../worker/index";
import { authHeaders, call, createAdmin, detailOf } from "./helpers";
import { insertMessage, insertTopic } from "./topics-db";
import { newAccount, sendMessage, splitTopicLine, startTopic, StreamReader, type Account } from "./streams-helpers";

// GET /topics/search (docs/conversations.md "Search"): the caller's names and messages, any word
// form, case and ё/е ignored, kept in step with every write, rename and delete.

type Hit = {
  topic_id: number;
  topic_name: string | null;
  assistant_type: string;
  status: string;
  message_id: number | null;
  snippet: string;
  words: string[];
  created_at: string;
};

const search = (account: Account, q: string) =>
  call(`/topics/search?q=${encodeURIComponent(q)}`, { headers: authHeaders(account.record) });
async function hits(account: Account, q: string): Promise<Hit[]> {
  const res = await search(account, q);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Hit[];
}
const topicsFound = async (account: Account, q: string) => [
  ...new Set((await hits(account, q)).map((h) => h.topic_id)),
];

async function ask(account: Account, text: string, assistantType = "explain_law") {
  return splitTopicLine(await new StreamReader(await startTopic(account, text, { assistantType })).rest()).topicId;
}

describe("GET /topics/search", () => {
  it("finds every form of a word, whatever the case and ё/е, with the words marked", async () => {
    const account = await newAccount();
    const rent = await ask(account, "Как расторгнуть договор аренды квартиры?");
    const tree = await ask(account, "Где купить ЁЛКУ к празднику", "gpt");

    expect(await topicsFound(account, "аренда")).toEqual([rent]);
    expect(await topicsFound(account, "арендой")).toEqual([rent]);
    expect(await topicsFound(account, "ДОГОВОРОМ")).toEqual([rent]);
    expect(await topicsFound(account, "елка")).toEqual([tree]);
    expect(await topicsFound(account, "ёлки")).toEqual([tree]);
    // Every word must be there.
    expect(await topicsFound(account, "аренда ёлки")).toEqual([]);

    const found = await hits(account, "аренда");
    const question = found.find((h) => h.message_id !== null && h.snippet.startsWith("Как"))!;
    expect(question).toMatchObject({ topic_id: rent, assistant_type: "explain_law", status: "active" });
    expect(question.snippet).toBe("Как расторгнуть договор <mark>аренды</mark> квартиры?");
    // The topic's name (its first question) is found too, as a hit without a message.
    expect(found.find((h) => h.message_id === null)).toMatchObject({
      topic_id: rent,
      topic_name: "Как расторгнуть договор аренды квартиры?",
    });
  });

  it("finds a word by the form people type: a verb's tense or person, a noun's case", async () => {
    const account = await newAccount();
    const refund = await ask(account, "Как вернуть деньги за сломанный телефон?");
    const child = await ask(account, "Ребёнок пошёл в школу");
    const loan = await ask(account, "Банк выдал кредит под залог");
    const lease = await ask(account, "Мы хотим арендовать офис и платить за него раз в месяц");
    const ended = await ask(account, "Можно ли расторгнуть брак через суд?");

    expect(await topicsFound(account, "вернул")).toEqual([refund]);
    expect(await topicsFound(account, "ребёнка")).toEqual([child]);
    expect(await topicsFound(account, "кредита")).toEqual([loan]);
    expect(await topicsFound(account, "арендуем")).toEqual([lease]);
    expect(await topicsFound(account, "плачу")).toEqual([lease]);
    expect(await topicsFound(account, "расторгла")).toEqual([ended]);
    const [question] = (await hits(account, "вернул")).filter((h) => h.message_id !== null);
    expect(question!.snippet).toBe("Как <mark>вернуть</mark> деньги за сломанный телефон?");
    // The forms to highlight in the opened chat, which has no dictionary to find them.
    expect(question!.words).toEqual(["вернуть"]);
    // The word still being typed: its beginning finds the words it begins.
    expect(await topicsFound(account, "телеф")).toEqual([refund]);
  });

  it("finds no word that only begins like the one asked for", async () => {
    const account = await newAccount();
    const fish = await ask(account, "Рецепт: судак в сливках");
    const money = await ask(account, "Взял заём в банке");
    await ask(account, "Голосую за перенос встречи");
    await ask(account, "Купила платье на свадьбу");

    expect(await topicsFound(account, "суд")).toEqual([]);
    expect(await topicsFound(account, "судака")).toEqual([fish]);
    expect(await topicsFound(account, "заём")).toEqual([money]);
    expect(await topicsFound(account, "займа")).toEqual([money]);
    expect(await topicsFound(account, "платить")).toEqual([]);
  });

  it("never returns another user's text", async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    await ask(owner, "Наследство после смерти бабушки");
    expect(await hits(stranger, "наследство")).toEqual([]);
    expect((await search({ record: { access_token: "nope" } } as Account, "наследство")).status).toBe(401);
  });

  it("marks archived chats and finds later messages", async () => {
    const account = await newAccount();
    const topic = await ask(account, "Первый вопрос");
    await new StreamReader(await sendMessage(account, topic, "Что такое неустойка по ипотеке?")).rest();
    expect(
      (await call(`/topics/${topic}/archive`, { method: "POST", headers: authHeaders(account.record) })).status,
    ).toBe(200);
    const [hit] = await hits(account, "ипотека");
    expect(hit).toMatchObject({ topic_id: topic, status: "archived" });
  });

  it("follows a rename and a delete", async () => {
    const account = await newAccount();
    const topic = await ask(account, "Вопрос про соседей");
    const renamed = await call("/topics/", {
      method: "PATCH",
      headers: authHeaders(account.record),
      json: { id: topic, topic_name: "Шумные соседи сверху" },
    });
    expect(renamed.status).toBe(200);
    const byName = await hits(account, "шумный");
    expect(byName).toEqual([
      expect.objectContaining({ topic_id: topic, message_id: null, snippet: "<mark>Шумные</mark> соседи сверху" }),
    ]);
    expect((await hits(account, "вопрос")).filter((h) => h.message_id === null)).toEqual([]);

    expect((await call(`/topics/${topic}`, { method: "DELETE", headers: authHeaders(account.record) })).status).toBe(
      204,
    );
    expect(await hits(account, "соседи")).toEqual([]);
    const left = await (await historyOf(account.userId))
      .prepare("SELECT count(*) AS n FROM search_index WHERE topic_id = ?")
      .bind(topic)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it(
    "answers 422 in Russian for an empty, over-long or wordless query; FTS syntax is searched as plain " + "words",
    async () => {
      const account = await newAccount();
      const topic = await ask(account, "Договор NEAR дома");
      for (const [q, detail] of [
        ["", SEARCH_TEXTS.empty],
        ["   ", SEARCH_TEXTS.empty],
        ["а".repeat(201), SEARCH_TEXTS.tooLong],
        ['"*" () ^ -', SEARCH_TEXTS.noWords],
      ] as const) {
        const res = await search(account, q);
        expect(res.status, q).toBe(422);
        expect(JSON.stringify(await detailOf(res))).toContain(detail);
      }
      for (const q of [
        '"договор',
        "договор*",
        "NEAR(договор дома)",
        "договор OR",
        "договор -дома",
        "owner:u1",
        "body:договор",
      ]) {
        const res = await search(account, q);
        expect(res.status, q).toBe(200);
      }
      expect(await topicsFound(account, '"договор" NEAR дома*')).toEqual([topic]);
    },
  );
});

describe("POST /search/reindex (admin)", () => {
  it("indexes chats written before the index, page by page, and can run again", async () => {
    const account = await newAccount();
    const topic = await insertTopic(account.userId, { topicName: "Старый чат про залог" });
    await insertMessage(topic, "user", "Как вернуть задаток при срыве сделки?");
    expect(await hits(account, "сделка")).toEqual([]);
    expect(await hits(account, "залоге")).toEqual([]);

    const admin = await createAdmin();
    const reindex = async (kind: string) => {
      let after: number | null = 0;
      while (after !== null) {
        const res = await call("/search/reindex", {
          headers: authHeaders(admin.record),
          json: { kind, after_id: after },
        });
        expect(res.status).toBe(200);
        after = ((await res.json()) as { next_after_id: number | null }).next_after_id;
      }
    };
    await reindex("names");
    await reindex("messages");
    await reindex("messages");
    expect(await hits(account, "сделка")).toEqual([
      expect.objectContaining({ topic_id: topic, snippet: "Как вернуть задаток при срыве <mark>сделки</mark>?" }),
    ]);
    expect(await hits(account, "залоге")).toEqual([expect.objectContaining({ topic_id: topic, message_id: null })]);

    const refused = await call("/search/reindex", { headers: authHeaders(account.record), json: { kind: "names" } });
    expect(refused.status).toBe(403);
    const bad = await call("/search/reindex", { headers: authHeaders(admin.record), json: { kind: "всё" } });
    expect(bad.status).toBe(422);
  });
});

describe("the dictionary out of reach", () => {
  const down = { lemmas: () => Promise.reject(new Error("EXTRACTOR down")) };

  it("indexes a text in stems, marked so, and searches in stems rather than failing", async () => {
    const [body] = await indexBodies(down, ["Как вернуть задаток?"]);
    expect(body).toEqual({ words: ["как", "вернуть", "задаток"].map(stemOf).join(" "), inStems: true });
    expect((await termsOf(down, ["вернул"])).get("вернул")).toEqual({ terms: [stemOf("вернул")], known: false });
    // The binding answering: lemmas, unmarked.
    const [lemmas] = await indexBodies(env.EXTRACTOR, ["Как вернуть задаток?"]);
    expect(lemmas).toEqual({ words: "как вернуть задаток", inStems: false });
  });
});

describe("the nightly run", () => {
  it("writes again in lemmas the rows written in stems while the dictionary was out of reach", async () => {
    const account = await newAccount();
    const topic = await insertTopic(account.userId, { topicName: "Задаток вернули" });
    const message = await insertMessage(topic, "user", "Как вернуть задаток?");
    // As a send writes them when the EXTRACTOR binding fails: stems, marked beside the owner.
    const stems = (text: string) =>
      wordsOf(text)
        .map((w) => stemOf(w.word))
        .join(" ");
    const h = await historyOf(account.userId);
    const insert = "INSERT INTO search_index (rowid, owner, body, topic_id) VALUES (?, ?, ?, ?)";
    await h.batch([
      h.prepare(insert).bind(message, `u${account.userId} stems`, stems("Как вернуть задаток?"), topic),
      h.prepare(insert).bind(-topic, `u${account.userId} stems`, stems("Задаток вернули"), topic),
    ]);
    expect(await hits(account, "вернул")).toEqual([]);

    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 21 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const found = await hits(account, "вернул");
    expect(found.map((hit) => hit.message_id).sort()).toEqual([message, null].sort());
    const marked = await h
      .prepare("SELECT count(*) AS n FROM search_index WHERE search_index MATCH ?")
      .bind(`owner : "u${account.userId}" AND owner : "stems"`)
      .first<{ n: number }>();
    expect(marked!.n).toBe(0);
  });
});
