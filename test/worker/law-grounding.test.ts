import { env, runInDurableObject, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_INVENTED_CITATION } from "../../worker/ai/demo-model";
import { lawDb } from "../../worker/db/law";
import { groundQuestion } from "../../worker/law/search/grounding";
import { dateNamedIn } from "../../worker/law/search/question-date";
import { relevantArticles } from "../../worker/law/search/retrieve";
import { type ChatRequest, useFakeOpenAI } from "./fakes/openai";
import { createAdmin } from "./helpers";
import { GK_2020, GK_2024 } from "./fixtures/law";
import { newAccount, splitTopicLine, StreamReader, startTopic } from "./streams-helpers";
import { sessionOf } from "./topics-db";

// Answers grounded in the text (docs/law.md): in the law modes the articles relevant to the question, in the editions
// of the date it names, go into the model's request; the general mode's request has none; the window's budget holds.

const fake = useFakeOpenAI();

/** The Civil Code's excerpts as of 2020 and 2024 (614 changed, 614.1 repealed, 1062.1 added in 2024). */
async function importCode(token: string, text: string, from: string, act = "ГК РФ") {
  const form = new FormData();
  form.append("file", new File([text], "gk.txt"));
  form.append("act", act);
  form.append("in_force_from", from);
  const res = await SELF.fetch("http://app.test/api/v2/law/import", {
    method: "POST",
    headers: { "jwt-token": token },
    body: form,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  const admin = (await createAdmin()).record.access_token;
  const imported = await env.LAW_DB.prepare("SELECT count(*) AS n FROM law_acts WHERE short_name = 'ГК РФ'").first<{
    n: number;
  }>();
  if (imported?.n) return;
  await importCode(admin, GK_2020, "2020-01-01");
  await importCode(admin, GK_2024, "2024-01-01");
});

const systemOf = (request: ChatRequest) => {
  const content = request.messages[0]!.content;
  expect(request.messages[0]!.role).toBe("system");
  return typeof content === "string" ? content : content.map((p) => (p.type === "text" ? p.text : "")).join("");
};

/** The system prompt the fake model got for a new topic's question, and the reply read to its end. */
async function askModel(question: string, assistantType = "explain_law") {
  const account = await newAccount();
  fake.autoReply = ["Ответ."];
  const reader = new StreamReader(await startTopic(account, question, { assistantType }));
  await reader.rest();
  expect(fake.requests).toHaveLength(1);
  return systemOf(fake.requests[0]!.body);
}

const RENT = "Как и когда арендатор должен вносить арендную плату?";

describe("the law's articles in the model's request", () => {
  it("gives a law question the matching article's text, act, number, title and edition date", async () => {
    const system = await askModel(RENT);
    expect(system).toContain("Статья: ст. 614 ГК РФ «Арендная плата», редакция с 01.01.2024");
    // The 2024 text, the one in force today.
    expect(system).toContain("(арендную плату) в сроки, предусмотренные договором.");
    expect(system).toContain("ссылаясь так: «ст. 619 ГК РФ»");
    expect(system).toMatch(/Скажи, в какой редакции \(на какую дату\)/);
    // The best match comes first; a repealed article never comes from the search.
    expect(system.indexOf("ст. 614 ГК РФ")).toBeLessThan(system.indexOf("ст. 606 ГК РФ"));
    expect(system).not.toContain("ст. 614.1 ГК РФ");
  });

  it("does the same in the real-estate mode, and nothing in the general mode", async () => {
    expect(await askModel(RENT, "explain_estate")).toContain("Статья: ст. 614 ГК РФ «Арендная плата»");
    fake.requests.length = 0;
    const general = await askModel(RENT, "gpt");
    expect(general).not.toContain("Статьи из библиотеки");
    expect(general).not.toContain("ст. 614");
  });

  it("gives a question that names a date the editions in force then, and the turn keeps that date", async () => {
    const account = await newAccount();
    const response = startTopic(account, "Договор аренды подписан в марте 2021 года. Когда вносить арендную плату?");
    const completion = await fake.nextCompletion();
    completion.send("Ответ");
    const reader = new StreamReader(await response);
    await reader.until((t) => t.includes("Ответ"));
    const { topicId } = splitTopicLine(reader.text);
    const turn = await runInDurableObject(await sessionOf(topicId), (_, state) =>
      state.storage.kv.get<{ kind: string; job: { lawDate?: string } }>("turn"),
    );
    expect(turn).toMatchObject({ kind: "streaming", job: { lawDate: "2021-03-31" } });
    completion.finish();
    await reader.rest();

    const system = systemOf(completion.request.body);
    expect(system).toContain("в редакциях, действовавших на 31.03.2021");
    expect(system).toContain("Статья: ст. 614 ГК РФ «Арендная плата», редакция с 01.01.2020");
    expect(system).toContain("(арендную плату).\n");
    expect(system).not.toContain("в сроки, предусмотренные договором");
    // 1062.1 came in 2024: not there in 2021.
    expect(system).not.toContain("1062.1");
  });

  it("fetches an article the question names, first, even one the search would not rank", async () => {
    const system = await askModel("Что говорит ст. 1062.1 ГК об арендной плате?");
    const named = system.indexOf("Статья: ст. 1062.1 ГК РФ «Требования участников");
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThan(system.indexOf("ст. 614 ГК РФ"));
  });

  it("keeps the articles within the law's share of a small window", async () => {
    const saved = env.AI_CONTEXT_TOKENS;
    // (3,248 − 2,048 reply tokens) × 3 characters × 0.25: 900 characters, the intro and one article.
    env.AI_CONTEXT_TOKENS = "3248";
    try {
      const system = await askModel(RENT);
      const block = system.slice(system.indexOf("Статьи из библиотеки"));
      expect(block.length).toBeLessThanOrEqual(900);
      expect(block).toContain("Статья: ст. 614 ГК РФ");
      expect(block.match(/^Статья: /gm)).toHaveLength(1);
    } finally {
      env.AI_CONTEXT_TOKENS = saved;
    }
  });
});

describe("the demo model on a law question", () => {
  it("quotes the articles it was given, cites them and one that does not exist, and says the edition", async () => {
    env.AI_PROVIDER = "demo";
    const account = await newAccount();
    const reader = new StreamReader(await startTopic(account, RENT));
    const { reply } = splitTopicLine(await reader.rest());
    expect(reply).toContain("**Это демо-модель «Ясно».**");
    expect(reply).toContain("редакциях, действовавших на ");
    expect(reply).toMatch(
      /- \*\*ст\. 614 ГК РФ\*\* «Арендная плата» \(редакция с 01\.01\.2024\): «1\. Арендатор обязан/,
    );
    expect(reply).toContain(DEMO_INVENTED_CITATION);
    expect(reply).toContain("| Что получено | Значение |");
  });
});

describe("retrieval", () => {
  const db = () => lawDb(env.LAW_DB);

  it("ranks the article about the question's subject first, in the edition of the date", async () => {
    const now = await relevantArticles(db(), "Арендная плата: в какие сроки платить?", {
      date: "2025-05-01",
      limit: 3,
    });
    expect(now[0]).toMatchObject({ act: "ГК РФ", number: "614", inForceFrom: "2024-01-01", named: false });
    const then = await relevantArticles(db(), "Арендная плата: в какие сроки платить?", {
      date: "2021-05-01",
      limit: 3,
    });
    expect(then[0]).toMatchObject({ number: "614", inForceFrom: "2020-01-01", inForceTo: "2024-01-01" });
    expect(await relevantArticles(db(), "Что это такое и как быть?", { date: "2025-05-01", limit: 3 })).toEqual([]);
  });

  it("finds word forms: a question in other cases than the text", async () => {
    const found = await relevantArticles(db(), "договором найма жилых помещений", { date: "2025-05-01", limit: 1 });
    expect(found[0]?.number).toBe("671");
  });

  it("gives a named repealed article with its repeal, and an article before its first edition not at all", async () => {
    const found = await relevantArticles(db(), "ст. 614.1 ГК РФ", { date: "2025-01-01", limit: 5 });
    expect(found[0]).toMatchObject({ number: "614.1", repealed: true, repealedOn: "2024-01-01", named: true });
    expect(await relevantArticles(db(), "ст. 1062.1 ГК РФ", { date: "2019-01-01", limit: 5 })).toEqual([]);
  });

  it("cuts the best article to a budget too small for it, and leaves the rest out", async () => {
    const question = "Как и когда арендатор должен вносить арендную плату?";
    const small = await groundQuestion(db(), question, { today: "2026-11-27", budgetChars: 700 });
    expect(small.block!.length).toBeLessThanOrEqual(700);
    expect(small.articles.map((a) => a.number)).toEqual(["614"]);
    expect(small.block).toContain("[Текст статьи обрезан.]");
  });

  it("keeps the index with the import: a corrected file of the same date, and editions stored before the index", async () => {
    const admin = (await createAdmin()).record.access_token;
    const act = `Акт ${crypto.randomUUID().slice(0, 6)}`;
    const file = (word: string) =>
      `ЗАКОН О ПРОВЕРКЕ\nСтатья 1. Предмет\nНастоящий закон регулирует ${word} отношения.\n`;
    const found = async (word: string) =>
      (await relevantArticles(db(), `Что такое ${word}?`, { date: "2025-01-01", limit: 5 })).filter(
        (a) => a.act === act,
      );
    await importCode(admin, file("кракозябровые"), "2021-01-01", act);
    expect(await found("кракозябровые")).toHaveLength(1);
    await importCode(admin, file("бармаглотовые"), "2021-01-01", act);
    expect(await found("кракозябровые")).toEqual([]);
    expect(await found("бармаглотовые")).toMatchObject([{ number: "1", title: "Предмет" }]);
    // A library imported before the index: its rows are written by importing the same file again.
    await env.LAW_DB.prepare(
      `DELETE FROM law_search WHERE rowid IN (SELECT e.id FROM law_article_editions e JOIN law_articles a
       ON a.id = e.article_id JOIN law_acts ac ON ac.id = a.act_id WHERE ac.short_name = ?)`,
    )
      .bind(act)
      .run();
    expect(await found("бармаглотовые")).toEqual([]);
    await importCode(admin, file("бармаглотовые"), "2021-01-01", act);
    expect(await found("бармаглотовые")).toHaveLength(1);
  });

  it("leaves the budget unused when nothing is found, and says the date either way", async () => {
    const none = await groundQuestion(db(), "Привет, как дела?", { today: "2026-11-27", budgetChars: 5_000 });
    expect(none).toEqual({ date: "2026-11-27", block: null, articles: [] });
  });
});

describe("the date a question names", () => {
  const today = "2026-11-27";
  it.each([
    ["договор подписан в марте 2019 года", "2019-03-31"],
    ["договор подписан в феврале 2020 г.", "2020-02-29"],
    ["в мае 2018", "2018-05-31"],
    ["в 2019 году", "2019-12-31"],
    ["по состоянию на 2019 г. и позже", "2019-12-31"],
    ["договор от 01.03.2019", "2019-03-01"],
    ["1 марта 2019 года", "2019-03-01"],
    ["с 2019-03-01", "2019-03-01"],
    ["в 2026 году", today],
    ["в ноябре 2026 года", today],
    ["в 2019 году, а расторгнут 01.02.2021", "2019-12-31"],
  ])("«%s» → %s", (question, date) => {
    expect(dateNamedIn(question, today)).toBe(date);
  });

  it.each([
    "ст. 619 ГК РФ",
    "Федеральный закон от 13.07.2015 № 218-ФЗ",
    "Закон от 13 июля 2015 г. N 218-ФЗ",
    "5 000 рублей за 30 дней",
    "31.02.2019",
    "в 1812 году",
  ])("«%s» names no date", (question) => {
    expect(dateNamedIn(question, today)).toBeNull();
  });
});
