import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { toolsSupported } from "../../worker/ai/providers";
import { REPLY_TEXTS } from "../../worker/conversations/turn/topic-object";
import { moscowToday } from "../../worker/law/services/articles";
import { type ChatRequest, type FakeCompletion, useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call, createAdmin, detailOf } from "./helpers";
import { importEdition, seedCivilCode } from "./law-seed";
import {
  type Account,
  availableRequests,
  newAccount,
  savedMessages,
  StreamReader,
  splitTopicLine,
  startTopic,
} from "./streams-helpers";

// The law modes' tool (docs/law.md "Tools"): the model asks for an article by act and number, gets it at the turn's
// law date from the library, then answers. The test plays the model through the fake OpenAI-compatible server.

const fake = useFakeOpenAI();

/** 214-ФЗ's article 7 in two editions: the guarantee was five years until 2024, seven since. */
const LAW_214 = (years: string) => `ФЕДЕРАЛЬНЫЙ ЗАКОН ОБ УЧАСТИИ В ДОЛЕВОМ СТРОИТЕЛЬСТВЕ

Статья 7. Гарантии качества объекта долевого строительства

1. Гарантийный срок для объекта долевого строительства составляет ${years}.
`;

beforeAll(async () => {
  await seedCivilCode();
  const known = await env.LAW_DB.prepare("SELECT count(*) AS n FROM law_acts WHERE short_name = '214-ФЗ'").first<{
    n: number;
  }>();
  if (known?.n) return;
  const admin = (await createAdmin()).record.access_token;
  await importEdition(admin, "214-ФЗ", LAW_214("пять лет"), "2020-01-01");
  await importEdition(admin, "214-ФЗ", LAW_214("семь лет"), "2024-01-01");
});

const ruToday = () => moscowToday().split("-").reverse().join(".");
type Message = ChatRequest["messages"][number];
/** A turn that ended without a word: 502, only the question kept, the request given back. */
async function expectNothingSaid(res: Response, account: Account, before: number) {
  expect(res.status).toBe(502);
  expect(await detailOf(res)).toBe(REPLY_TEXTS.failedBeforeFirstToken);
  const topicId = Number(res.headers.get("x-topic-id"));
  expect((await savedMessages(topicId)).map((m) => m.role)).toEqual(["user"]);
  expect(await availableRequests(account)).toBe(before);
}

const toolMessages = (completion: FakeCompletion) => completion.request.body.messages.filter((m) => m.role === "tool");
const textOf = (message: Message) => (typeof message.content === "string" ? message.content : "");

/** A law question whose model the test plays: the send in flight and the model's first request. */
async function ask(account: Account, question: string, assistantType = "explain_law") {
  const response = startTopic(account, question, { assistantType });
  return { response, first: await fake.nextCompletion() };
}

/** The reply saved once the stream has ended: wait for its row, not for a time. */
async function replySaved(topicId: number) {
  await expect.poll(async () => (await savedMessages(topicId)).some((m) => m.role === "assistant")).toBe(true);
}

describe("the law_article tool", () => {
  it("is offered in the law mode; the model reads ГК РФ 619 and answers; the text is saved with its citations", async () => {
    const account = await newAccount();
    const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор досрочно?");
    const [offered] = first.request.body.tools ?? [];
    expect(first.request.body.tools).toHaveLength(1);
    expect(offered).toMatchObject({ type: "function", function: { name: "law_article" } });
    const schema = offered!.function.parameters as { properties: Record<string, { description: string }> };
    expect(schema.properties.act!.description).toContain("«Жилищный кодекс», «218-ФЗ»");
    expect(schema.properties.article!.description).toContain("«1062.1»");

    // People's name of the act, resolved to the library's.
    first.callTool("law_article", { act: "Гражданский кодекс", article: "619" }, "call_619");
    first.finish("tool_calls", { prompt: 100, cached: 0, completion: 10 });
    const second = await fake.nextCompletion();
    const assistant = second.request.body.messages.find((m) => m.tool_calls);
    expect(assistant!.tool_calls).toEqual([
      {
        id: "call_619",
        type: "function",
        function: { name: "law_article", arguments: JSON.stringify({ act: "Гражданский кодекс", article: "619" }) },
      },
    ]);
    const [result] = toolMessages(second);
    expect(result).toMatchObject({ role: "tool", tool_call_id: "call_619" });
    expect(textOf(result!)).toBe(
      `Статус: действует на ${ruToday()}.\n` +
        "Статья: ст. 619 ГК РФ «Досрочное расторжение договора по требованию арендодателя», редакция с 01.01.2000\n" +
        "<<<\nПо требованию арендодателя…\n>>>",
    );
    // The step before the last may still call: the tool is offered, the choice left to the model.
    expect(second.request.body.tools).toHaveLength(1);
    expect(second.request.body.tool_choice).not.toBe("none");

    second.send("По ст. 619 ГК РФ ").send("арендодатель вправе расторгнуть договор через суд.");
    second.finish("stop", { prompt: 300, cached: 0, completion: 40 });
    const { topicId, reply } = splitTopicLine(await new StreamReader(await response).rest());
    // Only the reply's text reaches the user: nothing of the tool call.
    expect(reply).toBe("По ст. 619 ГК РФ арендодатель вправе расторгнуть договор через суд.");
    await replySaved(topicId);

    const history = await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) });
    const [, saved] = (await history.json()) as { text: string; citations: { article: string; status: string }[] }[];
    expect(saved!.text).toBe(reply);
    expect(saved!.citations.map((c) => [c.article, c.status])).toEqual([["619", "in_force"]]);
    // The turn's usage is the total over both calls.
    await expect
      .poll(async () =>
        env.DB.prepare("SELECT input_tokens, output_tokens FROM model_usage WHERE topic_id = ?").bind(topicId).all(),
      )
      .toMatchObject({ results: [{ input_tokens: 400, output_tokens: 50 }] });
  });

  it("reads the article at the date the question names, and keeps the text said before the call", async () => {
    const account = await newAccount();
    const { response, first } = await ask(account, "Дом сдан в марте 2021 года. Какой гарантийный срок на квартиру?");
    first.send("Проверю закон.").callTool("law_article", { act: "214-ФЗ", article: "статья 7" }).finish("tool_calls");
    const reader = new StreamReader(await response);
    const second = await fake.nextCompletion();
    const result = textOf(toolMessages(second)[0]!);
    expect(result).toContain("Статус: действует на 31.03.2021.");
    expect(result).toContain(
      "Статья: ст. 7 214-ФЗ «Гарантии качества объекта долевого строительства», редакция с 01.01.2020",
    );
    expect(result).toContain("составляет пять лет.");
    expect(result).not.toContain("семь лет");

    second.reply("Пять лет по ст. 7 214-ФЗ.");
    // A step's text before a tool call is a paragraph of its own.
    expect(splitTopicLine(await reader.rest()).reply).toBe("Проверю закон.\n\nПять лет по ст. 7 214-ФЗ.");
  });

  it("tells the model an invented article and an act the library lacks, in one step's two calls", async () => {
    const account = await newAccount();
    const { response, first } = await ask(account, "Что говорит ст. 9999 ГК РФ?", "explain_estate");
    first.callTool("law_article", { act: "ГК РФ", article: "9999" }, "call_a");
    first.callTool("law_article", { act: "Лесной кодекс", article: "1" }, "call_b").finish("tool_calls");
    const second = await fake.nextCompletion();
    const results = toolMessages(second);
    expect(results.map((m) => m.tool_call_id)).toEqual(["call_a", "call_b"]);
    expect(textOf(results[0]!)).toBe("Нет такой статьи: в ГК РФ в библиотеке нет статьи 9999. Не ссылайся на неё.");
    expect(textOf(results[1]!)).toBe(
      "Акта «ЛК РФ» нет в библиотеке «Ясно»: статью проверить нельзя. Если ссылаешься на неё, скажи, что не проверил.",
    );
    second.reply("Такой статьи нет.");
    expect(splitTopicLine(await new StreamReader(await response).rest()).reply).toBe("Такой статьи нет.");
  });

  it("gives the model a plain «библиотека недоступна» when the library fails, and the turn goes on", async () => {
    const account = await newAccount();
    const library = env.LAW_DB;
    // The library fails for the whole turn: the grounding goes without articles, the tool says so.
    env.LAW_DB = new Proxy(library, {
      get: (target, key) =>
        key === "prepare" || key === "batch"
          ? () => {
              throw new Error("D1_ERROR: the law library is down");
            }
          : Reflect.get(target, key),
    });
    try {
      const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор?");
      first.callTool("law_article", { act: "ГК РФ", article: "619" }).finish("tool_calls");
      const second = await fake.nextCompletion();
      expect(textOf(toolMessages(second)[0]!)).toBe(
        "Библиотека недоступна: статью сейчас прочитать нельзя. Не выдумывай её текст.",
      );
      second.reply("Не могу проверить статью сейчас.");
      expect(splitTopicLine(await new StreamReader(await response).rest()).reply).toBe(
        "Не могу проверить статью сейчас.",
      );
    } finally {
      env.LAW_DB = library;
    }
  });

  it("answers a call with bad input with the error, and the model goes on", async () => {
    const account = await newAccount();
    const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор?");
    first.callTool("law_article", { act: "ГК РФ" }, "call_bad").finish("tool_calls");
    const second = await fake.nextCompletion();
    const [result] = toolMessages(second);
    expect(result).toMatchObject({ role: "tool", tool_call_id: "call_bad" });
    expect(textOf(result!)).toContain("article");
    second.reply("Ответ без статьи.");
    expect(splitTopicLine(await new StreamReader(await response).rest()).reply).toBe("Ответ без статьи.");
  });

  it("is not offered outside the law modes", async () => {
    const account = await newAccount();
    fake.autoReply = ["Ответ."];
    await new StreamReader(await startTopic(account, "Как составить договор аренды?", { assistantType: "gpt" })).rest();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).not.toHaveProperty("tools");
  });

  it("is offered by Workers AI only when AI_TOOLS says so, and never by the demo model", async () => {
    const workers = { provider: "workers-ai", modelId: "m" } as const;
    const openai = { provider: "openai", modelId: "m" } as const;
    const demo = { provider: "demo", modelId: "m" } as const;
    const saved = env.AI_TOOLS;
    try {
      env.AI_TOOLS = "";
      expect([toolsSupported(env, openai), toolsSupported(env, workers), toolsSupported(env, demo)]).toEqual([
        true,
        false,
        false,
      ]);
      env.AI_TOOLS = "on";
      expect([toolsSupported(env, openai), toolsSupported(env, workers), toolsSupported(env, demo)]).toEqual([
        true,
        true,
        false,
      ]);
      env.AI_TOOLS = "off";
      expect(toolsSupported(env, openai)).toBe(false);
    } finally {
      env.AI_TOOLS = saved;
    }
  });

  it("stops a reply during a tool step as any other: the words so far kept, the model's call aborted", async () => {
    const account = await newAccount();
    const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор?");
    first.send("Проверю статью.").callTool("law_article", { act: "ГК РФ", article: "619" }).finish("tool_calls");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("Проверю статью.")));
    const second = await fake.nextCompletion();
    const stopped = await call(`/topics/${topicId}/stop`, { method: "POST", headers: authHeaders(account.record) });
    expect(stopped.status).toBe(204);
    await second.aborted();
    expect(splitTopicLine(await reader.rest()).reply).toBe("Проверю статью.");
    expect((await savedMessages(topicId)).at(-1)).toMatchObject({ text: "Проверю статью.", state: "partial" });
  });
});

describe("the turn's step limit and its ends without text", () => {
  it("asks the third call for text; a model that calls anyway fails as a model does: the request given back", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор?");
    first.callTool("law_article", { act: "ГК РФ", article: "619" }).finish("tool_calls");
    const second = await fake.nextCompletion();
    second.callTool("law_article", { act: "ГК РФ", article: "620" }).finish("tool_calls");
    const third = await fake.nextCompletion();
    expect(third.request.body.tool_choice).toBe("none");
    expect(toolMessages(third)).toHaveLength(2);
    // It calls anyway: the turn ends there, without a fourth request and without a word.
    third.callTool("law_article", { act: "ГК РФ", article: "621" }).finish("tool_calls");

    await expectNothingSaid(await response, account, before);
    expect(fake.requests).toHaveLength(3);
  });

  it("ends a turn whose model says nothing after the tool's result as an empty reply: 502, the request back", async () => {
    const account = await newAccount();
    const before = await availableRequests(account);
    const { response, first } = await ask(account, "Может ли арендодатель расторгнуть договор?");
    first.callTool("law_article", { act: "ГК РФ", article: "619" }).finish("tool_calls");
    (await fake.nextCompletion()).finish("stop");

    await expectNothingSaid(await response, account, before);
  });
});
