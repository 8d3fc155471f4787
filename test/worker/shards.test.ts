import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type AuthRecord, authHeaders, call, createAdmin, detailOf } from "./helpers";
import { newAccount, sendMessage, splitTopicLine, startTopic, type Account } from "./streams-helpers";
import { uploadOk } from "./fixtures/uploads";
import { makeDocx } from "./fixtures/files";

// History shards (docs/scale.md "History shards"): each user's chats live in the shard the
// directory placed them in; a shard is added while users write, and nobody moves.

const shardOf = async (account: Account) =>
  (await env.DB.prepare("SELECT history_shard AS n FROM users WHERE id = ?")
    .bind(account.userId)
    .first<{ n: number }>())!.n;

const database = (shard: number) => (env as unknown as Record<string, D1Database>)[`HISTORY_${shard}`]!;

const countIn = async (shard: number, sql: string, ...params: unknown[]) =>
  (await database(shard)
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

/** Users registered until two of them are in different shards. */
async function usersOnTwoShards(): Promise<[Account, Account]> {
  const first = await newAccount();
  for (let i = 0; i < 10; i++) {
    const other = await newAccount();
    if ((await shardOf(other)) !== (await shardOf(first))) return [first, other];
  }
  throw new Error("every new user went to one shard");
}

async function ask(account: Account, text: string): Promise<number> {
  const res = await startTopic(account, text);
  expect(res.status).toBe(200);
  return splitTopicLine(await res.text()).topicId;
}

const get = (account: { record: AuthRecord }, path: string) => call(path, { headers: authHeaders(account.record) });

describe("history shards", () => {
  it("two users on two shards see only their own history, search, files and exports", async () => {
    const [anna, boris] = await usersOnTwoShards();
    const [annaShard, borisShard] = [await shardOf(anna), await shardOf(boris)];
    const annaDoc = await uploadOk(anna.record, await makeDocx(["Договор купли-продажи квартиры"]), "анна.docx");
    const borisDoc = await uploadOk(boris.record, await makeDocx(["Договор дарения дачи"]), "борис.docx");
    const annaTopic = await (async () => {
      const res = await startTopic(anna, "Вопрос про кадастровый номер", { attachments: [annaDoc.attachment_id] });
      expect(res.status).toBe(200);
      return splitTopicLine(await res.text()).topicId;
    })();
    const borisTopic = await ask(boris, "Вопрос про сервитут соседа");

    // Each user's messages, files and index rows are in their own shard and nowhere else.
    expect(await countIn(annaShard, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", annaTopic)).toBe(2);
    expect(await countIn(borisShard, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", annaTopic)).toBe(0);
    expect(await countIn(borisShard, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", borisTopic)).toBe(2);
    expect(await countIn(annaShard, "SELECT count(*) AS n FROM messages WHERE user_id = ?", boris.userId)).toBe(0);
    expect(await countIn(annaShard, "SELECT count(*) AS n FROM attachments WHERE user_id = ?", anna.userId)).toBe(1);
    expect(await countIn(borisShard, "SELECT count(*) AS n FROM attachments WHERE user_id = ?", boris.userId)).toBe(1);

    // History: one's own; the other's topic is 404.
    const history = await get(anna, `/topics/${annaTopic}/history/`);
    expect(history.status).toBe(200);
    const messages = (await history.json()) as { text: string; attachments: { filename: string; url: string }[] }[];
    expect(messages[0]!.text).toBe("Вопрос про кадастровый номер");
    expect(messages[0]!.attachments[0]!.filename).toBe("анна.docx");
    expect((await get(boris, `/topics/${annaTopic}/history/`)).status).toBe(404);
    expect(await detailOf(await get(boris, `/topics/${annaTopic}/history/`))).toBe("Чат не найден");

    // The file link names the shard: Anna's link gives Anna's bytes even where Boris's shard has the same id.
    const file = await SELF.fetch(`http://app.test${messages[0]!.attachments[0]!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''%D0%B0%D0%BD%D0%BD%D0%B0.docx");
    expect((await get(boris, `/attachments/${annaDoc.attachment_id}/file`)).status).toBe(
      annaDoc.attachment_id === borisDoc.attachment_id ? 200 : 404,
    );

    // Search: each finds their own words only.
    const annaHits = (await (await get(anna, `/topics/search?q=${encodeURIComponent("кадастровый")}`)).json()) as {
      topic_id: number;
    }[];
    expect(annaHits.map((h) => h.topic_id)).toContain(annaTopic);
    expect(await (await get(boris, `/topics/search?q=${encodeURIComponent("кадастровый")}`)).json()).toEqual([]);
    expect(await (await get(anna, `/topics/search?q=${encodeURIComponent("сервитут")}`)).json()).toEqual([]);

    // Exports: one's own chats only.
    expect((await get(boris, `/topics/${annaTopic}/export?format=md`)).status).toBe(404);
    const exported = await get(anna, `/topics/${annaTopic}/export?format=md`);
    expect(await exported.text()).toContain("Вопрос про кадастровый номер");
  });

  it("a shard added while users are active takes the new users; nobody moves and everyone keeps writing", async () => {
    const admin = await createAdmin();
    const early = await newAccount();
    const earlyShard = await shardOf(early);
    const topic = await ask(early, "Первый вопрос до новой базы");

    // A reply is in flight in the early user's shard while the shard is added.
    const sending = sendMessage(early, topic, "Второй вопрос, пока добавляют базу");
    const added = await call("/shards/", { headers: authHeaders(admin.record), json: { id: 2 } });
    expect([201, 409]).toContain(added.status);
    expect((await sending).status).toBe(200);
    await (await sending).text();

    const directory = (await (await get(admin, "/shards/")).json()) as {
      shards: { id: number; open: boolean; bound: boolean }[];
    };
    expect(directory.shards.find((s) => s.id === 2)).toMatchObject({ open: true, bound: true });

    // The new shard has the fewest users, so the next registration goes there.
    const late = await newAccount();
    expect(await shardOf(late)).toBe(2);
    const lateTopic = await ask(late, "Вопрос в новой базе");
    expect(await countIn(2, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", lateTopic)).toBe(2);

    // The early user stayed where they were, with the whole history, and still writes there.
    expect(await shardOf(early)).toBe(earlyShard);
    expect((await sendMessage(early, topic, "Третий вопрос")).status).toBe(200);
    const history = (await (await get(early, `/topics/${topic}/history/`)).json()) as { text: string }[];
    expect(history.filter((_, i) => i % 2 === 0).map((m) => m.text)).toEqual([
      "Первый вопрос до новой базы",
      "Второй вопрос, пока добавляют базу",
      "Третий вопрос",
    ]);
    expect(await countIn(2, "SELECT count(*) AS n FROM messages WHERE user_id = ?", early.userId)).toBe(0);
  });

  it("the directory refuses a shard not bound, one already there, and closing the last open one", async () => {
    const admin = await createAdmin();
    const headers = authHeaders(admin.record);
    const unbound = await call("/shards/", { headers, json: { id: 7 } });
    expect(unbound.status).toBe(422);
    expect(await detailOf(unbound)).toBe(
      "База истории HISTORY_7 не подключена к Worker: добавьте её в wrangler.toml и разверните",
    );
    expect((await call("/shards/", { headers, json: { id: 0 } })).status).toBe(409);
    expect((await call("/shards/9", { headers, method: "PATCH", json: { open: false } })).status).toBe(404);

    // Closed shards keep their users; with one left open it cannot close.
    await call("/shards/", { headers, json: { id: 2 } });
    for (const id of [0, 1])
      expect((await call(`/shards/${id}`, { headers, method: "PATCH", json: { open: false } })).status).toBe(200);
    const last = await call("/shards/2", { headers, method: "PATCH", json: { open: false } });
    expect(last.status).toBe(409);
    expect(await detailOf(last)).toBe("Нужна хотя бы одна база истории, принимающая новых пользователей");
    expect(await shardOf(await newAccount())).toBe(2);
    for (const id of [0, 1])
      expect((await call(`/shards/${id}`, { headers, method: "PATCH", json: { open: true } })).status).toBe(200);

    const user = await newAccount();
    expect((await get(user, "/shards/")).status).toBe(403);
  });
});
