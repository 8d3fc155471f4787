import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BotEnv } from "../../worker/telegram/env";
import { handleWebhook } from "../../worker/telegram/webhook";
import { FakeOpenAI, fetchThrough, waitFor } from "./fakes/openai";
import { makeOggOpus } from "./fixtures/audio";
import { makeJpeg } from "./fixtures/files";
import { authHeaders, call, createAdmin, registerUser } from "./helpers";
import { FakeTelegram } from "./fakes/telegram";

// The bot's Worker (worker/telegram) driven through its webhook with updates as Telegram sends them.
// It reaches the API Worker's internal API through SELF, as through its service binding, and
// Telegram through the fake Bot API server (routed by host); the model is the fake OpenAI one.

const TOKEN = "7000000001:TEST-bot-token-of-the-bot-worker";
const SECRET = "test-webhook-secret";
const telegram = new FakeTelegram("https://tg.fake.test", TOKEN);
const openai = new FakeOpenAI(env.OPENAI_BASE_URL!, env.OPENAI_API_KEY!);

const botEnv = (change: Partial<BotEnv> = {}): BotEnv => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  TELEGRAM_API_ROOT: telegram.root,
  TELEGRAM_BOT_USERNAME: "yasno_bot",
  INTERNAL_TOKEN: env.INTERNAL_TOKEN,
  API: { fetch: (input, init) => SELF.fetch(input, init) },
  KV: env.KV,
  ...change,
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

let updateIds = Math.floor(Math.random() * 1e6) * 1000;
let people = Math.floor(Math.random() * 1e6) * 100;

/** A new Telegram user with a private chat of the same id. */
function person() {
  const id = 5_000_000_000 + ++people;
  const from = {
    id,
    is_bot: false,
    first_name: "Анна",
    last_name: "Смирнова",
    username: `anna${id}`,
    language_code: "ru",
  };
  const chat = { id, type: "private", first_name: "Анна", last_name: "Смирнова", username: from.username };
  return { id, from, chat };
}
type Person = ReturnType<typeof person>;

const botUser = { id: 7000000001, is_bot: true, first_name: "Ясно", username: "yasno_bot" };

function textUpdate(p: Person, text: string) {
  const command = /^\/\w+/.exec(text);
  return {
    update_id: ++updateIds,
    message: {
      message_id: updateIds,
      date: Math.floor(Date.now() / 1000),
      chat: p.chat,
      from: p.from,
      text,
      ...(command ? { entities: [{ offset: 0, length: command[0].length, type: "bot_command" }] } : {}),
    },
  };
}

function callbackUpdate(p: Person, data: string) {
  return {
    update_id: ++updateIds,
    callback_query: {
      id: String(updateIds),
      from: p.from,
      chat_instance: "-100200300",
      data,
      message: { message_id: 100, date: Math.floor(Date.now() / 1000), chat: p.chat, from: botUser, text: "…" },
    },
  };
}

function memberUpdate(p: Person, before: string, now: string) {
  return {
    update_id: ++updateIds,
    my_chat_member: {
      chat: p.chat,
      from: p.from,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: botUser, status: before },
      new_chat_member: { user: botUser, status: now, ...(now === "kicked" ? { until_date: 0 } : {}) },
    },
  };
}

function post(update: unknown, { secret = SECRET, env: change = {} as Partial<BotEnv> } = {}) {
  return handleWebhook(
    new Request("https://yasno.test/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify(update),
    }),
    botEnv(change),
  );
}

const signalsOf = async (p: Person) =>
  (
    await env.DB.prepare("SELECT kind, payload FROM bot_signals WHERE provider = 'tg' AND external_id = ? ORDER BY id")
      .bind(String(p.id))
      .all<{ kind: string; payload: string | null }>()
  ).results;

const sentTo = (p: Person) => telegram.callsOf("sendMessage").filter((m) => m.chat_id === p.id);
type Keyboard = { inline_keyboard: { text: string; callback_data: string }[][] };
const buttonsOf = (params: Record<string, unknown>) =>
  ((params.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => b.callback_data);

describe("the webhook", () => {
  it("refuses a wrong or missing secret header with 401 and calls nobody", async () => {
    const p = person();
    expect((await post(textUpdate(p, "/start"), { secret: "wrong" })).status).toBe(401);
    expect((await post(textUpdate(p, "/start"), { secret: "" })).status).toBe(401);
    expect(telegram.calls).toEqual([]);
    expect(await signalsOf(p)).toEqual([]);
  });

  it("answers 404 without a bot token, whatever the secret", async () => {
    const res = await post(textUpdate(person(), "/start"), { env: { TELEGRAM_BOT_TOKEN: undefined } });
    expect(res.status).toBe(404);
    expect(telegram.calls).toEqual([]);
  });

  it("answers a retried update once", async () => {
    const p = person();
    const update = textUpdate(p, "/help");
    expect((await post(update)).status).toBe(200);
    expect((await post(update)).status).toBe(200);
    expect(sentTo(p)).toHaveLength(1);
    expect(String(sentTo(p)[0]!.text)).toContain("/balance");
  });
});

describe("/start", () => {
  it("sends the deep link's UTM tags and the start signal, greets and offers the modes", async () => {
    const p = person();
    expect((await post(textUpdate(p, "/start vk__cpc__spring"))).status).toBe(200);
    const user = await env.DB.prepare(
      "SELECT u.id FROM users u JOIN identities i ON i.user_id = u.id WHERE i.provider = 'tg' AND i.provider_user_id = ?",
    )
      .bind(String(p.id))
      .first<{ id: number }>();
    expect(user).not.toBeNull();
    const utm = await env.DB.prepare("SELECT source, medium, campaign, content FROM utm_events WHERE user_id = ?")
      .bind(user!.id)
      .all();
    expect(utm.results).toEqual([{ source: "vk", medium: "cpc", campaign: "spring", content: null }]);
    expect(await signalsOf(p)).toEqual([{ kind: "start", payload: JSON.stringify({ payload: "vk__cpc__spring" }) }]);
    const [greeting] = sentTo(p);
    expect(String(greeting!.text)).toContain("Здравствуйте, Анна!");
    expect(buttonsOf(greeting!)).toEqual(["mode:explain_law", "mode:gpt", "mode:explain_estate", "mode:explain_img"]);
  });

  it("shows a mode's terms with an accept button, and accepting them lets questions through", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(callbackUpdate(p, "mode:explain_law"));
    expect(telegram.callsOf("answerCallbackQuery")).toHaveLength(1);
    const terms = sentTo(p).at(-1)!;
    expect(String(terms.text)).toContain("Условия режима «Объясни закон»");
    expect(buttonsOf(terms)).toEqual(["accept:explain_law"]);
    await post(callbackUpdate(p, "accept:explain_law"));
    expect(sentTo(p).at(-1)!.text).toBe("Условия приняты. Задайте вопрос.");
  });
});

describe("a question", () => {
  async function ready() {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(callbackUpdate(p, "accept:explain_law"));
    telegram.reset();
    return p;
  }

  it("streams the reply into throttled edits and ends with the whole reply as HTML and its buttons", async () => {
    const p = await ready();
    const answered = post(textUpdate(p, "Что такое неустойка?"));
    const completion = await openai.nextCompletion();
    completion.send("Неустойка — ");
    await waitFor(() => sentTo(p).find((m) => m.text === "Неустойка —"));
    completion.send("это **штраф** за нарушение");
    // Shown by an edit within the interval, though no other chunk comes.
    await waitFor(() => telegram.callsOf("editMessageText").find((m) => String(m.text).includes("штраф")));
    completion.send(" договора.\n\n- первое\n- второе");
    completion.finish();
    expect((await answered).status).toBe(200);
    expect(telegram.callsOf("sendChatAction")[0]).toMatchObject({ chat_id: p.id, action: "typing" });
    const edits = telegram.callsOf("editMessageText");
    const last = edits.at(-1)!;
    expect(last.parse_mode).toBe("HTML");
    expect(last.text).toBe("Неустойка — это <b>штраф</b> за нарушение договора.\n\n• первое\n• второе");
    expect(buttonsOf(last)).toEqual(["again", "new"]);
    expect(sentTo(p)).toHaveLength(1);
    // The streamed edits (all but the final one) come at most once a second after the message.
    const times = telegram.calls
      .filter((c) => c.method === "sendMessage" || (c.method === "editMessageText" && c.params !== last))
      .map((c) => c.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(900);
  });

  it("continues the same topic with the next question, and «Новый чат» starts another", async () => {
    const p = await ready();
    const first = post(textUpdate(p, "Первый вопрос"));
    (await openai.nextCompletion()).reply("Первый ответ.");
    await first;
    const second = post(textUpdate(p, "Второй вопрос"));
    const completion = await openai.nextCompletion();
    expect(JSON.stringify(completion.request.body.messages)).toContain("Первый ответ.");
    completion.reply("Второй ответ.");
    await second;
    await post(callbackUpdate(p, "new"));
    expect(sentTo(p).at(-1)!.text).toBe("Новый чат. Задайте вопрос.");
    const third = post(textUpdate(p, "Третий вопрос"));
    const fresh = await openai.nextCompletion();
    expect(JSON.stringify(fresh.request.body.messages)).not.toContain("Первый ответ.");
    fresh.reply("Третий ответ.");
    await third;
  });

  it("«Другой ответ» asks the same question again in the same topic", async () => {
    const p = await ready();
    const first = post(textUpdate(p, "Срок исковой давности?"));
    (await openai.nextCompletion()).reply("Три года.");
    await first;
    const again = post(callbackUpdate(p, "again"));
    const completion = await openai.nextCompletion();
    const asked = JSON.stringify(completion.request.body.messages);
    expect(asked.split("Срок исковой давности?").length - 1).toBe(2);
    expect(asked).toContain("Три года.");
    completion.reply("Общий срок — три года (ст. 196 ГК РФ).");
    await again;
    // The reply, then its citation's mark (test/worker/telegram-citations.test.ts).
    expect(telegram.chatTexts(p.id).at(-1)!.split("\n\n")[0]).toBe("Общий срок — три года (ст. 196 ГК РФ).");
  });

  it("hides personal data from the model as on the web, and shows the values in the chat", async () => {
    const p = await ready();
    const phone = "+7 (916) 123-45-67";
    const answered = post(textUpdate(p, `Мой телефон ${phone}, кому звонить?`));
    const completion = await openai.nextCompletion();
    const sent = JSON.stringify(completion.request.body.messages);
    expect(sent).not.toContain("123-45-67");
    expect(sent).toContain("[Телефон 1]");
    completion.reply("Позвоните с [Телефон 1] в банк.");
    expect((await answered).status).toBe(200);
    expect(telegram.chatTexts(p.id).at(-1)).toBe(`Позвоните с ${phone} в банк.`);
  });

  it("splits a reply longer than Telegram's 4096 characters, the buttons under its last message", async () => {
    const p = await ready();
    const answered = post(textUpdate(p, "Расскажи подробно"));
    const paragraph = `${"Длинный ответ модели. ".repeat(90).trim()}\n\n`;
    (await openai.nextCompletion()).reply(paragraph.repeat(5));
    await answered;
    const texts = telegram.chatTexts(p.id);
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(4096);
    for (const text of texts) expect(text).toMatch(/^Длинный/);
    expect(texts.join("").replaceAll(/\s/g, "")).toBe(paragraph.repeat(5).replaceAll(/\s/g, ""));
    expect(buttonsOf(telegram.callsOf("sendMessage").at(-1)!)).toEqual(["again", "new"]);
  });

  it("says so in Russian when the mode's terms are not accepted", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(textUpdate(p, "Вопрос без условий"));
    const terms = sentTo(p).at(-1)!;
    expect(String(terms.text)).toContain("Условия режима");
    expect(buttonsOf(terms)).toEqual(["accept:explain_law"]);
  });
});

describe("commands", () => {
  it("/mode offers the modes, and one picked without terms starts a new topic in it", async () => {
    const p = person();
    await post(textUpdate(p, "/mode"));
    expect(buttonsOf(sentTo(p).at(-1)!)).toEqual([
      "mode:explain_law",
      "mode:gpt",
      "mode:explain_estate",
      "mode:explain_img",
    ]);
    await post(callbackUpdate(p, "mode:gpt"));
    expect(sentTo(p).at(-1)!.text).toBe("Режим «Общий чат». Задайте вопрос.");
    const asked = post(textUpdate(p, "Привет"));
    (await openai.nextCompletion()).reply("Здравствуйте!");
    await asked;
    const topic = await env.DB.prepare(
      "SELECT t.assistant_type FROM topics t JOIN identities i ON i.user_id = t.user_id " +
        "WHERE i.provider = 'tg' AND i.provider_user_id = ?",
    )
      .bind(String(p.id))
      .first<{ assistant_type: string }>();
    expect(topic).toEqual({ assistant_type: "gpt" });
  });

  it("/balance says what the web's chip says", async () => {
    const p = person();
    await post(textUpdate(p, "/balance"));
    expect(String(sentTo(p)[0]!.text)).toMatch(/^(Остался|Осталось) \d+ запрос(а|ов)?$/);
  });

  it("/chats lists recent topics as buttons, and one picked is continued", async () => {
    const p = person();
    await post(textUpdate(p, "/chats"));
    expect(sentTo(p).at(-1)!.text).toBe("Чатов пока нет. Задайте вопрос — и он появится здесь.");
    await post(callbackUpdate(p, "accept:explain_law"));
    const asked = post(textUpdate(p, "Про аренду"));
    (await openai.nextCompletion()).reply("Ответ про аренду.");
    await asked;
    await post(textUpdate(p, "/new"));
    await post(textUpdate(p, "/chats"));
    const list = sentTo(p).at(-1)!;
    const [button] = buttonsOf(list);
    expect(button).toMatch(/^topic:\d+$/);
    await post(callbackUpdate(p, button!));
    expect(String(sentTo(p).at(-1)!.text)).toContain("Продолжаем чат");
    const next = post(textUpdate(p, "А ещё?"));
    const completion = await openai.nextCompletion();
    expect(JSON.stringify(completion.request.body.messages)).toContain("Ответ про аренду.");
    completion.reply("Ещё.");
    await next;
  });
});

describe("a photo or a document", () => {
  it("is downloaded from Telegram, attached, and asked about in the image mode in a new topic", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    telegram.files.set("photo-big", { path: "photos/file_7.jpg", bytes: makeJpeg() });
    const update = {
      update_id: ++updateIds,
      message: {
        message_id: updateIds,
        date: Math.floor(Date.now() / 1000),
        chat: p.chat,
        from: p.from,
        caption: "Что это за схема?",
        photo: [
          { file_id: "photo-small", file_unique_id: "s1", width: 90, height: 90, file_size: 900 },
          { file_id: "photo-big", file_unique_id: "b1", width: 800, height: 800, file_size: 4000 },
        ],
      },
    };
    const answered = post(update);
    const completion = await openai.nextCompletion();
    expect(telegram.callsOf("getFile")).toEqual([{ file_id: "photo-big" }]);
    expect(completion.request.body.model).toBe("fake-vision");
    const question = JSON.stringify(completion.request.body.messages);
    expect(question).toContain("Что это за схема?");
    expect(question).toContain("image_url");
    completion.reply("Это схема подключения.");
    expect((await answered).status).toBe(200);
    expect(telegram.chatTexts(p.id).at(-1)).toBe("Это схема подключения.");
  });

  it("a document is attached and asked about in the chat's mode, «Разбери этот документ.» without a caption", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(callbackUpdate(p, "accept:explain_law"));
    telegram.files.set("doc-1", {
      path: "documents/file_3.txt",
      bytes: new TextEncoder().encode("Договор аренды квартиры. Арендная плата 30000 рублей в месяц."),
    });
    const answered = post({
      update_id: ++updateIds,
      message: {
        message_id: updateIds,
        date: Math.floor(Date.now() / 1000),
        chat: p.chat,
        from: p.from,
        document: {
          file_id: "doc-1",
          file_unique_id: "d1",
          file_name: "договор.txt",
          mime_type: "text/plain",
          file_size: 90,
        },
      },
    });
    const completion = await openai.nextCompletion();
    expect(telegram.callsOf("getFile")).toEqual([{ file_id: "doc-1" }]);
    expect(completion.request.body.model).toBe("fake-chat");
    const question = JSON.stringify(completion.request.body.messages);
    expect(question).toContain("Разбери этот документ.");
    expect(question).toContain("Арендная плата 30000 рублей");
    completion.reply("Это договор аренды.");
    expect((await answered).status).toBe(200);
    expect(telegram.chatTexts(p.id).at(-1)).toBe("Это договор аренды.");
  });

  it("too big for Telegram to give: a short message, nothing downloaded", async () => {
    const p = person();
    const update = {
      update_id: ++updateIds,
      message: {
        message_id: updateIds,
        date: Math.floor(Date.now() / 1000),
        chat: p.chat,
        from: p.from,
        document: { file_id: "doc-huge", file_unique_id: "h1", file_name: "иск.pdf", file_size: 30 * 1024 * 1024 },
      },
    };
    await post(update);
    expect(sentTo(p).at(-1)!.text).toBe("Файл слишком большой: максимум 20 МБ");
    expect(telegram.callsOf("getFile")).toEqual([]);
  });
});

describe("a voice message", () => {
  it("is transcribed by the product's speech to text, the transcript shown, then asked", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(callbackUpdate(p, "accept:explain_law"));
    telegram.reset();
    telegram.files.set("voice-1", { path: "voice/file_9.oga", bytes: makeOggOpus(4) });
    openai.transcript = "Можно ли вернуть товар без чека";
    env.STT_PROVIDER = "openai";
    try {
      const answered = post({
        update_id: ++updateIds,
        message: {
          message_id: updateIds,
          date: Math.floor(Date.now() / 1000),
          chat: p.chat,
          from: p.from,
          voice: { file_id: "voice-1", file_unique_id: "v1", duration: 4, mime_type: "audio/ogg", file_size: 3000 },
        },
      });
      const completion = await openai.nextCompletion();
      expect(openai.transcriptions).toHaveLength(1);
      expect(sentTo(p)[0]!.text).toBe("Вы сказали: «Можно ли вернуть товар без чека»");
      expect(JSON.stringify(completion.request.body.messages)).toContain("Можно ли вернуть товар без чека");
      completion.reply("Можно.");
      expect((await answered).status).toBe(200);
      expect(telegram.chatTexts(p.id).at(-1)).toBe("Можно.");
    } finally {
      env.STT_PROVIDER = "demo";
    }
  });
});

describe("failures", () => {
  async function ready() {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(callbackUpdate(p, "accept:explain_law"));
    return p;
  }

  it("no requests left: the plans' sentence, and the model is not called", async () => {
    const p = await ready();
    await env.DB.prepare(
      "UPDATE limits SET available_requests = 0 WHERE user_id = " +
        "(SELECT user_id FROM identities WHERE provider = 'tg' AND provider_user_id = ?)",
    )
      .bind(String(p.id))
      .run();
    await post(textUpdate(p, "Вопрос без запросов"));
    const refusal = sentTo(p).at(-1)!;
    expect(refusal.text).toBe("Запросы закончились. Обновите план, чтобы продолжить общение.");
    expect(buttonsOf(refusal).length).toBeGreaterThan(0);
    for (const button of buttonsOf(refusal)) expect(button).toMatch(/^buy:\d+$/);
    expect(openai.requests).toHaveLength(0);
  });

  it("a question while the topic's reply is still written: «Дождитесь окончания ответа»", async () => {
    const p = await ready();
    const first = post(textUpdate(p, "Первый вопрос"));
    const completion = await openai.nextCompletion();
    completion.send("Отвечаю");
    await waitFor(() => sentTo(p).find((m) => m.text === "Отвечаю"));
    expect((await post(textUpdate(p, "Второй вопрос"))).status).toBe(200);
    expect(sentTo(p).at(-1)!.text).toBe("Дождитесь окончания ответа");
    completion.send(" на первый.");
    completion.finish();
    await first;
    expect(telegram.chatTexts(p.id).at(-2)).toBe("Отвечаю на первый.");
    expect(openai.requests).toHaveLength(1);
  });

  it("the model down: a short Russian message, no reply message", async () => {
    const p = await ready();
    telegram.reset();
    const answered = post(textUpdate(p, "Вопрос, когда модель лежит"));
    (await openai.nextCompletion()).fail(500);
    expect((await answered).status).toBe(200);
    expect(sentTo(p).map((m) => m.text)).toEqual(["Модель сейчас не отвечает, запрос возвращён. Попробуйте позже."]);
  });
});

describe("/buy", () => {
  it("offers the plans as buttons; one picked asks the receipt's e-mail, then gives the payment link", async () => {
    const p = person();
    await post(textUpdate(p, "/buy"));
    const plans = sentTo(p).at(-1)!;
    expect(plans.text).toBe("Тарифы — выберите, чтобы оплатить:");
    const [first] = buttonsOf(plans);
    expect(first).toMatch(/^buy:\d+$/);
    await post(callbackUpdate(p, first!));
    expect(sentTo(p).at(-1)!.text).toBe("Напишите e-mail, на который придёт чек об оплате.");
    await post(textUpdate(p, "anna@example.test"));
    const link = sentTo(p).at(-1)!;
    expect(String(link.text)).toMatch(/^Оплата тарифа «.+»: откройте страницу оплаты по кнопке\.$/);
    const [[button]] = (link.reply_markup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard;
    expect(button!.text).toBe("Оплатить");
    const page = await SELF.fetch(button!.url);
    expect(page.status).toBe(200);
    // The e-mail was for the purchase only: the next text is a question again.
    expect(openai.requests).toHaveLength(0);
  });
});

describe("/link", () => {
  it("sends a one-time link; opened by a signed-in user, it joins this Telegram to their account", async () => {
    const p = person();
    await post(textUpdate(p, "/link"));
    const sent = sentTo(p).at(-1)!;
    expect(String(sent.text)).toMatch(/^Откройте ссылку в браузере, где вы вошли в Ясно/);
    const [[button]] = (sent.reply_markup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard;
    expect(button!.text).toBe("Привязать аккаунт");
    const link = new URL(button!.url);
    expect(link.pathname).toBe("/link/telegram");
    const { email, record } = await registerUser();
    const linked = await call("/users/self/links/telegram", {
      json: { token: link.searchParams.get("token") },
      headers: authHeaders(record),
    });
    expect(linked.status).toBe(200);
    // The next call already runs as the linked account: /link says which one.
    await post(textUpdate(p, "/link"));
    expect(String(sentTo(p).at(-1)!.text)).toMatch(new RegExp(`^Telegram привязан к аккаунту ${email}\\.`));
  });
});

describe("/promo", () => {
  it("uses a code and says the balance; a wrong one is «Неверный промокод»", async () => {
    const admin = await createAdmin();
    const name = `TG-${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
    const created = await call("/promos/", {
      json: { name, requests: 50, max_uses: 10 },
      headers: authHeaders(admin.record),
    });
    expect(created.status).toBe(201);
    const p = person();
    await post(textUpdate(p, "/promo"));
    expect(sentTo(p).at(-1)!.text).toBe("Напишите код после команды: /promo КОД");
    await post(textUpdate(p, `/promo ${name.toLowerCase()}`));
    expect(String(sentTo(p).at(-1)!.text)).toMatch(/^Промокод активирован\. Осталось \d+ запрос/);
    await post(textUpdate(p, "/promo NO-SUCH-CODE"));
    expect(sentTo(p).at(-1)!.text).toBe("Неверный промокод");
  });
});

describe("blocking the bot", () => {
  it("sends «block» when the user blocks it and «unblock» when they come back", async () => {
    const p = person();
    await post(textUpdate(p, "/start"));
    await post(memberUpdate(p, "member", "kicked"));
    await post(memberUpdate(p, "kicked", "member"));
    expect((await signalsOf(p)).map((s) => s.kind)).toEqual(["start", "block", "unblock"]);
  });
});

describe("the app's URL", () => {
  it("passes POST /telegram/webhook on to the bot's Worker, which checks Telegram's secret", async () => {
    const res = await SELF.fetch("https://yasno.test/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "wrong" },
      body: JSON.stringify(textUpdate(person(), "/start")),
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe("Неверный секрет вебхука");
  });
});
