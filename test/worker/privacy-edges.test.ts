import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makePng } from "./fixtures/files";
import { uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call } from "./helpers";
import { type Account, newAccount, sendMessage, splitTopicLine, StreamReader } from "./streams-helpers";

// docs/privacy.md: the guard's edges. A file's name, a shared chat's name and the owner's question
// as typed: what the guard found is hidden wherever the model or a share reader would see it, and
// the owner gets back exactly what they typed.
const fake = useFakeOpenAI();

const NAME = "Иванов Иван Иванович";
const PASSPORT = "4510 123456";
const FILE_VALUES = ["Иванов", "Иван", "4510", "123456"];

/** Everything the model was sent in its last request, as one text. */
const sentToModel = () => JSON.stringify(fake.requests.at(-1)!.body);

/** A topic started with the question and files; the fake model answers `reply`. */
async function ask(account: Account, question: string, attachments: number[] = [], reply = "Смотрю.") {
  const response = call("/topics/start/stream/", {
    headers: authHeaders(account.record),
    json: { message: { text: question, attachments }, assistant_type: "explain_law" },
  });
  const completion = await fake.nextCompletion();
  const sent = sentToModel();
  completion.send(reply).finish();
  const res = await response;
  expect(res.status).toBe(200);
  return { topicId: splitTopicLine(await new StreamReader(res).rest()).topicId, sent };
}

/** Another question in the topic; what the model was sent. */
async function askAgain(account: Account, topicId: number, question: string): Promise<string> {
  const response = sendMessage(account, topicId, question);
  const completion = await fake.nextCompletion();
  const sent = sentToModel();
  completion.send("Понял.").finish();
  await (await response).text();
  return sent;
}

type Shown = { text: string; attachments: { id: number; filename: string; url: string }[] };

const ownHistory = async (account: Account, topicId: number) =>
  (await (await call(`/topics/${topicId}/history/`, { headers: authHeaders(account.record) })).json()) as Shown[];

/** A share link to the topic, with the owner's settings. */
async function shareOf(account: Account, topicId: number, settings: { reveal?: boolean } = {}) {
  const res = await call(`/topics/${topicId}/share`, { headers: authHeaders(account.record), json: settings });
  const { hash } = (await res.json()) as { hash: string };
  const read = await call(`/share/topic/history/${hash}`);
  const history = (await read.json()) as { topic_name: string; messages: Shown[] };
  const page = await (await SELF.fetch(`http://app.test/share/${hash}`)).text();
  return { hash, history, page, title: /<title>(.*)<\/title>/.exec(page)?.[1] };
}

describe("file names", () => {
  const docName = `${NAME} паспорт ${PASSPORT}.txt`;
  const imageName = `${NAME}_паспорт_${PASSPORT.replace(" ", "_")}.png`;

  it("reach neither the model nor a share reader; the owner sees them as uploaded", async () => {
    const account = await newAccount();
    const doc = await uploadOk(account.record, new TextEncoder().encode("Договор аренды квартиры."), docName);
    const image = await uploadOk(account.record, await makePng(), imageName);
    const { topicId, sent } = await ask(account, "Что в этих файлах?", [doc.attachment_id, image.attachment_id]);
    for (const value of FILE_VALUES) expect(sent, value).not.toContain(value);
    expect(sent).toContain("Документ «[ФИО 1] паспорт [Паспорт 1].txt»");

    // The image comes back as a note in the history the model is sent with the next question.
    const later = await askAgain(account, topicId, "А что ещё?");
    for (const value of FILE_VALUES) expect(later, value).not.toContain(value);
    expect(later).toContain("изображение «[ФИО 1] паспорт [Паспорт 1].png»");

    const [question] = await ownHistory(account, topicId);
    expect(question!.attachments.map((a) => a.filename)).toEqual([docName, imageName]);

    const shared = await shareOf(account, topicId);
    const files = shared.history.messages[0]!.attachments;
    const masked = "[ФИО 1] паспорт [Паспорт 1]";
    expect(files.map((a) => a.filename)).toEqual([`${masked}.txt`, `${masked}.png`]);
    for (const value of FILE_VALUES) {
      expect(JSON.stringify(shared.history), value).not.toContain(value);
      expect(shared.page, value).not.toContain(value);
    }
    // The file itself opens through the link under the same name.
    const download = await SELF.fetch(`http://app.test${files[0]!.url}`);
    expect(download.status).toBe(200);
    const disposition = decodeURIComponent(download.headers.get("content-disposition") ?? "");
    expect(disposition).toContain("[ФИО 1] паспорт [Паспорт 1].txt");
    for (const value of FILE_VALUES) expect(disposition, value).not.toContain(value);

    const revealed = await shareOf(account, topicId, { reveal: true });
    expect(revealed.history.messages[0]!.attachments.map((a) => a.filename)).toEqual([docName, imageName]);
  });
});

describe("a shared chat's name", () => {
  it("carries the placeholders the guard chose, in topic_name and the page's <title>, even when cut", async () => {
    const account = await newAccount();
    // The name keeps the line's first 60 characters: the passport is cut after its series.
    const question = `Проверьте, пожалуйста, документы продавца, паспорт ${PASSPORT}, выдан в 2012 году`;
    const { topicId } = await ask(account, question);
    const shared = await shareOf(account, topicId);
    expect(shared.history.topic_name).toBe("Проверьте, пожалуйста, документы продавца, паспорт [Паспорт 1]…");
    expect(shared.title).toBe("Проверьте, пожалуйста, документы продавца, паспорт [Паспорт 1]… — Ясно");
    expect(shared.page).not.toContain("4510");
  });

  it("hides a value the guard found by what stood beside it in the question", async () => {
    const account = await newAccount();
    const accountNumber = "47422810800000012345";
    // 20 digits alone are no account; the БИК on the next line, whose key fits, is what made it one.
    const { topicId, sent } = await ask(account, `Переведите на ${accountNumber} до пятницы\nБИК банка 044525225`);
    expect(sent).not.toContain(accountNumber);
    const shared = await shareOf(account, topicId);
    expect(shared.history.topic_name).toBe("Переведите на [Счёт 1] до пятницы");
    expect(shared.title).toBe("Переведите на [Счёт 1] до пятницы — Ясно");
  });
});

describe("the owner's question", () => {
  it("comes back exactly as typed, each occurrence in its own form", async () => {
    const account = await newAccount();
    const question = `Иванов И.И. просит вернуть долг по расписке.\nПодписал: ${NAME}, паспорт ${PASSPORT}.`;
    const { topicId, sent } = await ask(account, question);
    expect(sent).not.toContain("Иванов");
    expect([...sent.matchAll(/\[ФИО 1\]/g)]).toHaveLength(2);
    const [shown] = await ownHistory(account, topicId);
    expect(shown!.text).toBe(question);
    const exported = await (await call(`/topics/${topicId}/export`, { headers: authHeaders(account.record) })).text();
    expect(exported).toContain(`Подписал: ${NAME}`);
    const revealed = await shareOf(account, topicId, { reveal: true });
    expect(revealed.history.messages[0]!.text).toBe(question);
  });
});
