import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Citation } from "../../worker/law/schemas";
import { CITATION_LINES, citationsHtml } from "../../worker/telegram/citations";
import type { BotEnv } from "../../worker/telegram/env";
import { handleWebhook } from "../../worker/telegram/webhook";
import { FakeOpenAI, fetchThrough } from "./fakes/openai";
import { FakeTelegram } from "./fakes/telegram";
import { GK_2020, GK_2024 } from "./fixtures/law";
import { importEdition, seedCivilCode } from "./law-seed";
import { createAdmin, createBotUser } from "./helpers";

// The citations check in the Telegram bot (docs/telegram.md "The citations check"): a reply streamed into the
// chat is followed by the marks of its citations and its «Источники», read from the internal API once saved.

const TOKEN = "7000000002:TEST-bot-token-of-the-citations-check";
const SECRET = "test-webhook-secret";
const APP_URL = "https://yasno.test";
const telegram = new FakeTelegram("https://tg-cite.fake.test", TOKEN);
const openai = new FakeOpenAI(env.OPENAI_BASE_URL!, env.OPENAI_API_KEY!);

const botEnv: BotEnv = {
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  TELEGRAM_API_ROOT: telegram.root,
  TELEGRAM_BOT_USERNAME: "yasno_bot",
  APP_URL,
  INTERNAL_TOKEN: env.INTERNAL_TOKEN,
  API: { fetch: (input, init) => SELF.fetch(input, init) },
  KV: env.KV,
};

/** A law of this file's own (a number no other test uses): 614 in force and 614.1 repealed since 2024. */
const lawNumber = `${70_000 + Math.floor(Math.random() * 20_000)}-ФЗ`;

beforeAll(async () => {
  await seedCivilCode();
  const admin = (await createAdmin()).record.access_token;
  await importEdition(admin, lawNumber, GK_2020, "2020-01-01");
  await importEdition(admin, lawNumber, GK_2024, "2024-01-01");
});

beforeEach(() => {
  telegram.reset();
  openai.reset();
  const model = fetchThrough(openai);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return telegram.handles(request.url) ? telegram.fetch(request) : model(request);
  });
  env.AI_PROVIDER = "openai";
});
afterEach(() => {
  vi.unstubAllGlobals();
  env.AI_PROVIDER = "demo";
});

let updateIds = Math.floor(Math.random() * 1e6) * 1000 + 500;
let people = Math.floor(Math.random() * 1e6) * 100;

function person() {
  const id = 6_000_000_000 + ++people;
  const from = { id, is_bot: false, first_name: "Олег", username: `oleg${id}`, language_code: "ru" };
  return { id, from, chat: { id, type: "private", first_name: "Олег", username: from.username } };
}
type Person = ReturnType<typeof person>;

function textUpdate(p: Person, text: string) {
  const command = /^\/\w+/.exec(text);
  const date = Math.floor(Date.now() / 1000);
  const entities = command ? [{ offset: 0, length: command[0].length, type: "bot_command" }] : undefined;
  return {
    update_id: ++updateIds,
    message: { message_id: updateIds, date, chat: p.chat, from: p.from, text, entities },
  };
}

function callbackUpdate(p: Person, data: string) {
  const message = { message_id: 100, date: Math.floor(Date.now() / 1000), chat: p.chat, text: "…" };
  return {
    update_id: ++updateIds,
    callback_query: { id: String(updateIds), from: p.from, chat_instance: "-1", data, message },
  };
}

async function post(update: unknown) {
  const res = await handleWebhook(
    new Request("https://yasno.test/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: JSON.stringify(update),
    }),
    botEnv,
  );
  expect(res.status).toBe(200);
}

/** A person who accepted the law mode's terms, and the chat's texts after the model answers their question. */
async function asked(question: string, ...reply: string[]) {
  const p = person();
  await post(textUpdate(p, "/start"));
  await post(callbackUpdate(p, "accept:explain_law"));
  telegram.reset();
  const answered = post(textUpdate(p, question));
  (await openai.nextCompletion()).reply(...reply);
  await answered;
  return { p, texts: telegram.chatTexts(p.id) };
}

const articleLink = (act: string, article: string) =>
  `${APP_URL}/law/${encodeURIComponent(act)}/${encodeURIComponent(article)}?date=`;

describe("a reply's citations in the chat", () => {
  it("marks an invented article and lists the ones the reply rests on as links, under the reply", async () => {
    const reply = "Арендодатель вправе расторгнуть договор по ст. 619 ГК РФ. Также см. ст. 9999 ГК РФ.";
    const { texts } = await asked(
      "Когда арендодатель может расторгнуть договор?",
      "Арендодатель вправе ",
      reply.slice(20),
    );
    // One message: the reply, then the marks and the sources, with the reply's buttons under it.
    expect(texts).toHaveLength(1);
    const [text, footer] = texts[0]!.split("\n\n");
    expect(text).toBe(reply);
    const lines = footer!.split("\n");
    expect(lines[0]).toBe("⚠️ Такой статьи нет в ГК РФ — проверьте ответ: ст. 9999 ГК РФ");
    expect(lines[1]).toBe("<b>Источники:</b>");
    expect(lines[2]).toMatch(new RegExp(`^<a href="${escapeRe(articleLink("ГК РФ", "619"))}\\d{4}-\\d{2}-\\d{2}">`));
    expect(lines[2]).toMatch(/>ст\. 619 ГК РФ<\/a>$/);
    expect(lines).toHaveLength(3);
    const last = telegram.callsOf("editMessageText").at(-1)!;
    expect(last.parse_mode).toBe("HTML");
    expect(last.text).toBe(texts[0]);
    expect(JSON.stringify(last.reply_markup)).toContain("again");
  });

  it("marks a repealed article with its date, an invented one of a law and an unknown act, each article once", async () => {
    const reply =
      `Плата — по ст. 614 Закона № ${lawNumber}, п. 1 ст. 614 того же Закона № ${lawNumber}; ` +
      `ст. 614.1 Закона № ${lawNumber}, ст. 669 Закона № ${lawNumber} и ст. 12 Федерального закона № 99999-ФЗ.`;
    const { texts } = await asked("Как платить аренду?", reply);
    const footer = texts.at(-1)!.split("\n\n").at(-1)!;
    expect(footer.split("\n")).toEqual([
      `⚠️ Такой статьи нет в законе № ${lawNumber} — проверьте ответ: ст. 669 № ${lawNumber}`,
      "❔ Акта нет в библиотеке Ясно, проверить не удалось: ст. 12 № 99999-ФЗ",
      "<b>Источники:</b>",
      expect.stringMatching(
        new RegExp(`^<a href="${escapeRe(articleLink(lawNumber, "614"))}.+">ст. 614 № ${lawNumber}</a>$`),
      ),
      expect.stringMatching(new RegExp(`^⚠️ <a href=".+">ст. 614.1 № ${lawNumber}</a> — утратила силу с 01.01.2024$`)),
    ]);
  });

  it("adds nothing to a reply that cites no law", async () => {
    const { texts } = await asked("Как составить претензию?", "Опишите требование и срок ответа.");
    expect(texts).toEqual(["Опишите требование и срок ответа."]);
  });

  it("sends the marks as a message of their own when the reply's last message has no room for them", async () => {
    const long = `${"Длинный ответ модели. ".repeat(185).trim()} См. ст. 9999 ГК РФ.`;
    expect(long.length).toBeLessThanOrEqual(4096);
    const { texts } = await asked("Расскажи подробно", long);
    expect(texts).toEqual([long, "⚠️ Такой статьи нет в ГК РФ — проверьте ответ: ст. 9999 ГК РФ"]);
    expect(JSON.stringify(telegram.callsOf("sendMessage").at(-1)!.reply_markup)).toContain("again");
  });
});

describe("the marks' lines", () => {
  const cited = (article: string, status: Citation["status"]): Citation => ({
    text: `ст. ${article} ГК РФ`,
    start: 0,
    end: 1,
    act: "ГК РФ",
    article,
    status,
  });

  it("keep to at most ten lines, saying how many articles are left out", () => {
    const many = Array.from({ length: 14 }, (_, i) => cited(String(100 + i), i < 3 ? "not_found" : "in_force"));
    const lines = citationsHtml(many, "2026-01-01", APP_URL)!.split("\n");
    expect(lines).toHaveLength(CITATION_LINES);
    // 3 marks, the heading, 5 sources: 8 of the 14 articles shown.
    expect(lines.at(-1)).toBe("…и ещё 6");
    expect(citationsHtml([], null, APP_URL)).toBeNull();
  });
});

describe("GET /internal/api/v2/messages/{provider}/{externalId}/{topicId}/last", () => {
  const internalGet = (path: string, headers: Record<string, string>) =>
    SELF.fetch(`http://app.test/internal/api/v2${path}`, { headers });

  it("gives the topic's last reply whole with its citations; another user's topic is a 404", async () => {
    const { p } = await asked("Вопрос", "Ответ по ст. 619 ГК РФ.");
    const { internal } = await createBotUser();
    const topics = await internalGet(`/topics/tg/${p.id}`, internal);
    const [group] = (await topics.json()) as { topics: { id: number }[] }[];
    const topicId = group!.topics[0]!.id;
    const own = await internalGet(`/messages/tg/${p.id}/${topicId}/last`, internal);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      topic_id: topicId,
      text: "Ответ по ст. 619 ГК РФ.",
      state: "complete",
      citations: [expect.objectContaining({ act: "ГК РФ", article: "619", status: "in_force" })],
    });
    const other = await createBotUser();
    expect((await internalGet(`/messages/tg/${other.externalId}/${topicId}/last`, internal)).status).toBe(404);
    expect((await internalGet(`/messages/tg/${p.id}/${topicId}/last`, {})).status).toBe(401);
  });
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
