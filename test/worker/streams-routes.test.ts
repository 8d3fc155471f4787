import { env, SELF } from "cloudflare:test";
import { historyOf } from "./topics-db";
import { describe, expect, it } from "vitest";
import { topicNameFrom } from "../../worker/conversations/services/messages";
import { QUOTAS } from "../../worker/settings";
import { makePdf, makePng } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import { authHeaders, call, detailOf, uniqueIp } from "./helpers";
import {
  availableRequests,
  newAccount,
  savedMessages,
  sendMessage,
  splitTopicLine,
  startTopic,
  StreamReader,
  type Account,
} from "./streams-helpers";

type Topic = {
  id: number;
  topic_name: string | null;
  assistant_type: string;
  status: string;
  folder_id: number | null;
  pinned: boolean;
  share_hash: string | null;
  created_at: string;
  updated_at: string;
};

const newTopic = (account: Account, query: string) =>
  call(`/topics/new?${query}`, { method: "POST", headers: authHeaders(account.record) });
const topicRow = (id: number) =>
  env.DB.prepare("SELECT topic_name, updated_at FROM topics WHERE id = ?")
    .bind(id)
    .first<{ topic_name: string | null; updated_at: number }>();
const messagesOf = (detail: unknown) => (detail as { loc: unknown[]; msg: string }[]).map((d) => d.msg);

describe("GET /products/", () => {
  it("lists the active modes without auth, without their system prompts", async () => {
    const res = await call("/products/");
    expect(res.status).toBe(200);
    const products = (await res.json()) as Record<string, unknown>[];
    expect(products.map((p) => p.assistant_type)).toEqual(["explain_law", "gpt", "explain_estate", "explain_img"]);
    expect(products[0]).toEqual({
      id: expect.any(Number),
      assistant_type: "explain_law",
      title: "Объясни закон",
      description: expect.stringContaining("простыми словами"),
      model: "default",
      model_title: "Ясно · Объясни закон",
      active: true,
    });
    expect(products[3]!.model).toBe("vision");
  });
});

describe("POST /topics/new", () => {
  it("creates an empty topic of the mode, named if a name is given", async () => {
    const account = await newAccount();
    const res = await newTopic(
      account,
      "assistant_type=explain_estate&topic_name=%20%D0%9A%D0%B2%D0%B0%D1%80%D1%82%D0%B8%D1%80%D0%B0%20",
    );
    expect(res.status).toBe(201);
    const topic = (await res.json()) as Topic;
    expect(topic).toEqual({
      id: expect.any(Number),
      topic_name: "Квартира",
      assistant_type: "explain_estate",
      status: "active",
      folder_id: null,
      pinned: false,
      share_hash: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const unnamed = (await (await newTopic(account, "assistant_type=gpt")).json()) as Topic;
    expect(unnamed.topic_name).toBeNull();
  });

  it("refuses an unknown mode and a bad name with Russian 422s, and needs a token", async () => {
    const account = await newAccount();
    const unknown = await newTopic(account, "assistant_type=poetry");
    expect(unknown.status).toBe(422);
    expect(messagesOf(await detailOf(unknown))).toEqual(["Неизвестный режим ассистента"]);
    const long = await newTopic(account, `assistant_type=gpt&topic_name=${"а".repeat(101)}`);
    expect(long.status).toBe(422);
    expect(messagesOf(await detailOf(long))).toEqual(["Название чата должно быть не длиннее 100 символов"]);
    const twoLines = await newTopic(account, "assistant_type=gpt&topic_name=a%0Ab");
    expect(messagesOf(await detailOf(twoLines))).toEqual(["Название чата должно быть в одну строку"]);
    expect((await call("/topics/new?assistant_type=gpt", { method: "POST" })).status).toBe(401);
  });

  it("then takes its first question through /topics/{id}/start/stream/, keeping its name", async () => {
    const account = await newAccount();
    const named = (await (await newTopic(account, "assistant_type=gpt&topic_name=Мой%20чат")).json()) as Topic;
    const res = await call(`/topics/${named.id}/start/stream/`, {
      headers: authHeaders(account.record),
      json: { text: "Первый вопрос" },
    });
    const reply = await new StreamReader(res).rest();
    expect(reply).not.toMatch(/^topic_id:/);
    expect(reply).toContain("| Режим | Общий чат |");
    expect((await topicRow(named.id))!.topic_name).toBe("Мой чат");

    const unnamed = (await (await newTopic(account, "assistant_type=gpt")).json()) as Topic;
    await new StreamReader(
      await call(`/topics/${unnamed.id}/start/stream/`, {
        headers: authHeaders(account.record),
        json: { text: "Как составить претензию?" },
      }),
    ).rest();
    expect((await topicRow(unnamed.id))!.topic_name).toBe("Как составить претензию?");
  });
});

describe("topic names and activity", () => {
  it("names a topic from the first line of its first question, at most 60 characters, once", async () => {
    const account = await newAccount();
    const question =
      `\n   Сосед   затопил квартиру, и управляющая компания отказывается составлять акт о ` +
      `заливе\nподробности ниже`;
    const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, question)).rest());
    const name = (await topicRow(topicId))!.topic_name!;
    expect(name).toBe(topicNameFrom(question));
    expect(name).toBe("Сосед затопил квартиру, и управляющая компания отказывается…");
    expect(Array.from(name).length).toBeLessThanOrEqual(60);
    expect(name).not.toMatch(/\n/);

    const before = (await topicRow(topicId))!.updated_at;
    await new StreamReader(await sendMessage(account, topicId, "Другой вопрос")).rest();
    const after = (await topicRow(topicId))!;
    expect(after.topic_name).toBe(name);
    expect(after.updated_at).toBeGreaterThanOrEqual(before);
  });

  it("cuts a long word without spaces too", () => {
    expect(topicNameFrom("а".repeat(100))).toBe(`${"а".repeat(59)}…`);
    expect(topicNameFrom("Короткий вопрос")).toBe("Короткий вопрос");
    expect(topicNameFrom(`${"слово ".repeat(12)}конец`)).toBe(`${"слово ".repeat(10).trimEnd()}…`);
  });
});

describe("sending: bad input", () => {
  it("answers Russian 422s for an empty, blank or too long text and malformed attachments", async () => {
    const account = await newAccount();
    const cases: [unknown, string][] = [
      [{ message: { text: "" }, assistant_type: "gpt" }, "Сообщение не может быть пустым"],
      [{ message: { text: "   \n " }, assistant_type: "gpt" }, "Сообщение не может быть пустым"],
      [
        { message: { text: "а".repeat(QUOTAS.messageMaxChars + 1) }, assistant_type: "gpt" },
        `Сообщение должно быть не длиннее ${QUOTAS.messageMaxChars} символов`,
      ],
      [{ message: { text: 42 }, assistant_type: "gpt" }, "Текст сообщения должен быть строкой"],
      [{ message: {}, assistant_type: "gpt" }, "Введите сообщение"],
      [
        { message: { text: "Вопрос", attachments: "1" }, assistant_type: "gpt" },
        "attachments должен быть списком идентификаторов вложений",
      ],
      [
        { message: { text: "Вопрос", attachments: [1.5] }, assistant_type: "gpt" },
        "Идентификатор вложения должен быть целым числом",
      ],
      [
        { message: { text: "Вопрос", attachments: [1, 2, 3, 4, 5, 6, 7] }, assistant_type: "gpt" },
        "Не больше 6 вложений в сообщении",
      ],
      [{ message: { text: "Вопрос" }, assistant_type: "poetry" }, "Неизвестный режим ассистента"],
      [{ assistant_type: "gpt" }, "Укажите message: {text, attachments}"],
    ];
    for (const [json, msg] of cases) {
      const res = await call("/topics/start/stream/", { headers: authHeaders(account.record), json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(messagesOf(await detailOf(res))).toEqual([msg]);
    }
    const notJson = await SELF.fetch("http://app.test/api/v2/topics/start/stream/", {
      method: "POST",
      headers: { ...authHeaders(account.record), "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(await availableRequests(account)).toBe(QUOTAS.startRequests);
  });

  it("validates continuing sends the same way, and needs a token", async () => {
    const account = await newAccount();
    const { topicId } = splitTopicLine(await new StreamReader(await startTopic(account, "Вопрос")).rest());
    const empty = await sendMessage(account, topicId, "");
    expect(empty.status).toBe(422);
    expect(messagesOf(await detailOf(empty))).toEqual(["Сообщение не может быть пустым"]);
    expect((await call(`/topics/${topicId}/message/stream/`, { json: { text: "Вопрос" } })).status).toBe(401);
    expect((await sendMessage(account, 999_999_999, "Нет такого чата")).status).toBe(404);
  });

  it("refuses another user's attachment (404), a second document (422) and an attachment already sent (409), " +
    "taking no request", async () => {
    const account = await newAccount();
    const other = await newAccount();
    const foreign = await uploadOk(other.record, makePdf(["Чужой"]), "чужой.pdf");
    const notMine = await startTopic(account, "Вопрос", { attachments: [foreign.attachment_id] });
    expect(notMine.status).toBe(404);
    expect(await detailOf(notMine)).toBe("Вложение не найдено");

    const one = await uploadOk(account.record, makePdf(["Первый"]), "1.pdf");
    const two = await uploadOk(account.record, makePdf(["Второй"]), "2.pdf");
    const twoDocs = await startTopic(account, "Вопрос", { attachments: [one.attachment_id, two.attachment_id] });
    expect(twoDocs.status).toBe(422);
    expect(await detailOf(twoDocs)).toBe(
      "Вы можете прикрепить только один документ. Возможность загрузки нескольких документов станет доступна в " +
        "ближайшее время.",
    );

    const sent = await new StreamReader(
      await startTopic(account, "С документом", { attachments: [one.attachment_id] }),
    ).rest();
    const { topicId } = splitTopicLine(sent);
    const again = await sendMessage(account, topicId, "Тот же документ", [one.attachment_id]);
    expect(again.status).toBe(409);
    expect(await availableRequests(account)).toBe(QUOTAS.startRequests - 1);
    // No topics were left behind by the refused sends.
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM topics WHERE user_id = ?")
      .bind(account.userId)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  }, 30_000);
});

describe("sending: attachments", () => {
  it("links the attachments to the question and shows the demo model the document and the images", async () => {
    const account = await newAccount();
    const doc = await uploadOk(
      account.record,
      makePdf(["Договор поставки № 7", "Поставщик обязуется поставить товар"]),
      "поставка.pdf",
    );
    const img1 = await uploadOk(account.record, await makePng(), "1.png");
    const img2 = await uploadOk(account.record, await makePng(3, 3), "2.png");
    const res = await startTopic(account, "Что в договоре и на фото?", {
      attachments: [doc.attachment_id, img1.attachment_id, img2.attachment_id],
    });
    const { topicId, reply } = splitTopicLine(await new StreamReader(res).rest());
    expect(reply).toMatch(/\| Документ \| «поставка\.pdf», \d+ симв\.; начало: «Договор поставки № 7/);
    expect(reply).toContain("| Изображения | 2 |");

    const [question] = await savedMessages(topicId);
    const { results } = await (await historyOf(account.userId))
      .prepare("SELECT id FROM attachments WHERE message_id = ? ORDER BY id")
      .bind(question!.id)
      .all<{ id: number }>();
    expect(results.map((r) => r.id)).toEqual([doc.attachment_id, img1.attachment_id, img2.attachment_id]);
  }, 30_000);
});

describe("the OpenAPI document", () => {
  it("lists the stream, limits and products routes", async () => {
    const doc = (await (await SELF.fetch("http://app.test/api/v2/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      "/api/v2/topics/new",
      "/api/v2/topics/start/stream",
      "/api/v2/topics/{id}/start/stream",
      "/api/v2/topics/{id}/message/stream",
      "/api/v2/topics/{id}/stream",
      "/api/v2/topics/{id}/stop",
      "/api/v2/limits",
      "/api/v2/products",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
