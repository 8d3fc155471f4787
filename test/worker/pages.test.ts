import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authHeaders, call, createBotUser, detailOf, registerUser } from "./helpers";
import { insertAttachment, insertMessage, insertTopic } from "./topics-db";

// Paged lists (docs/scale.md "Pages"): the topic list and a topic's history, by cursor.
type Group = { date: string | null; topics: { id: number }[] };
type Message = { id: number; text: string; attachments: { filename: string }[] };

const DAY = 24 * 60 * 60 * 1000;
const NOON = Date.parse("2026-06-15T09:00:00Z"); // 12:00 in Moscow

async function pages<T>(first: string, headers: Record<string, string>, next: (cursor: string) => string) {
  const bodies: T[] = [];
  const cursors: string[] = [];
  let res = await call(first, { headers });
  for (;;) {
    expect(res.status).toBe(200);
    bodies.push((await res.json()) as T);
    const cursor = res.headers.get("X-Next-Cursor");
    if (!cursor) return { bodies, cursors };
    cursors.push(cursor);
    res = await call(next(cursor), { headers });
  }
}

describe("the topic list by pages", () => {
  it(
    "walks the whole list in its order, pinned first, a day continued on the next page repeating its " + "date",
    async () => {
      const { record, userId } = await registerUser();
      const headers = authHeaders(record);
      const ids: number[] = [];
      // Three days, three topics each, newest day first in the list; two pinned from the oldest day.
      for (let day = 0; day < 3; day++)
        for (let i = 0; i < 3; i++)
          ids.push(await insertTopic(userId, { updatedAt: NOON - day * DAY + i * 1000, pinned: day === 2 && i < 2 }));
      const whole = (await (await call("/topics/active/all", { headers })).json()) as Group[];
      const order = whole.flatMap((g) => g.topics.map((t) => t.id));
      expect(order).toHaveLength(9);
      expect(whole[0]).toEqual({
        date: null,
        topics: [{ id: ids[7] }, { id: ids[6] }].map((t) => expect.objectContaining(t)),
      });

      const { bodies, cursors } = await pages<Group[]>(
        "/topics/active/all?limit=4",
        headers,
        (c) => `/topics/active/all?limit=4&cursor=${c}`,
      );
      expect(bodies.map((b) => b.flatMap((g) => g.topics).length)).toEqual([4, 4, 1]);
      expect(cursors).toHaveLength(2);
      expect(bodies.flatMap((b) => b.flatMap((g) => g.topics.map((t) => t.id)))).toEqual(order);
      // Page 1: the pinned pair, then 2 of the newest day's 3; page 2 starts with that day again.
      expect(bodies[0]!.map((g) => g.date)).toEqual([null, "2026-06-15"]);
      expect(bodies[1]!.map((g) => g.date)).toEqual(["2026-06-15", "2026-06-14"]);
    },
  );

  it("gives 50 by default and at most 200; without more, no X-Next-Cursor", async () => {
    const { record, userId } = await registerUser();
    const headers = authHeaders(record);
    for (let i = 0; i < 55; i++) await insertTopic(userId, { updatedAt: NOON + i });
    const first = await call("/topics/active/all", { headers });
    expect((await first.json<Group[]>()).flatMap((g) => g.topics)).toHaveLength(50);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const last = await call(`/topics/active/all?cursor=${cursor}`, { headers });
    expect((await last.json<Group[]>()).flatMap((g) => g.topics)).toHaveLength(5);
    expect(last.headers.get("X-Next-Cursor")).toBeNull();
    const all = await call("/topics/active/all?limit=200", { headers });
    expect((await all.json<Group[]>()).flatMap((g) => g.topics)).toHaveLength(55);
    expect(all.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("refuses a bad limit or cursor with a Russian 422", async () => {
    const { record } = await registerUser();
    const headers = authHeaders(record);
    for (const query of ["limit=0", "limit=201", "limit=abc", "limit=-1"]) {
      const res = await call(`/topics/active/all?${query}`, { headers });
      expect(res.status, query).toBe(422);
      expect(await detailOf(res)).toEqual([
        expect.objectContaining({ loc: ["query", "limit"], msg: "limit: целое число от 1 до 200" }),
      ]);
    }
    for (const cursor of ["x", "2.1.1", "1.abc.3", "1.1"]) {
      const res = await call(`/topics/active/all?cursor=${cursor}`, { headers });
      expect(res.status, cursor).toBe(422);
      expect(await detailOf(res)).toEqual([
        expect.objectContaining({ loc: ["query", "cursor"], msg: "Некорректный курсор страницы" }),
      ]);
    }
  });

  it("pages only the caller's topics: another user's cursor shows nothing of theirs", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    for (let i = 0; i < 3; i++) await insertTopic(owner.userId, { updatedAt: NOON + i });
    const first = await call("/topics/active/all?limit=1", { headers: authHeaders(owner.record) });
    const cursor = first.headers.get("X-Next-Cursor")!;
    const res = await call(`/topics/active/all?cursor=${cursor}`, { headers: authHeaders(stranger.record) });
    expect(await res.json()).toEqual([]);
  });

  it("a chat bot still gets the whole list in one answer", async () => {
    const bot = await createBotUser();
    const user = await env.DB.prepare("SELECT user_id FROM identities WHERE provider = 'tg' AND provider_user_id = ?")
      .bind(bot.externalId)
      .first<{ user_id: number }>();
    for (let i = 0; i < 55; i++) await insertTopic(user!.user_id, { updatedAt: NOON + i });
    const res = await SELF.fetch(`http://app.test/internal/api/v2/topics/tg/${bot.externalId}?status=active&type=all`, {
      headers: bot.internal,
    });
    expect(res.status).toBe(200);
    expect((await res.json<Group[]>()).flatMap((g) => g.topics)).toHaveLength(55);
    expect(res.headers.get("X-Next-Cursor")).toBeNull();
  });
});

describe("a topic's history by pages", () => {
  async function topicWith(count: number) {
    const { record, userId } = await registerUser();
    const topicId = await insertTopic(userId);
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push(await insertMessage(topicId, i % 2 === 0 ? "user" : "assistant", `сообщение ${i}`));
    return { record, userId, topicId, ids };
  }

  it("gives the newest page first, oldest first inside it, and older pages by the cursor", async () => {
    const { record, userId, topicId, ids } = await topicWith(7);
    await insertAttachment(userId, ids[3]!, { filename: "на-границе.txt" });
    await insertAttachment(userId, ids[4]!, { filename: "в-странице.txt" });
    const headers = authHeaders(record);
    const path = `/topics/${topicId}/history/`;
    const { bodies, cursors } = await pages<Message[]>(
      `${path}?limit=3`,
      headers,
      (c) => `${path}?limit=3&cursor=${c}`,
    );
    expect(bodies.map((b) => b.map((m) => m.id))).toEqual([ids.slice(4, 7), ids.slice(1, 4), ids.slice(0, 1)]);
    expect(cursors).toEqual([String(ids[3]), String(ids[0])]);
    // The message at the page's edge keeps its file on its own page only.
    expect(bodies[0]![0]!.attachments.map((a) => a.filename)).toEqual(["в-странице.txt"]);
    expect(bodies[1]![2]!.attachments.map((a) => a.filename)).toEqual(["на-границе.txt"]);
    // Without a limit: 50, so this topic comes whole, with no cursor.
    const whole = await call(path, { headers });
    expect((await whole.json<Message[]>()).map((m) => m.id)).toEqual(ids);
    expect(whole.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("a long topic: 50 by default, the cursors lead back to the first question", async () => {
    const { record, topicId, ids } = await topicWith(120);
    const headers = authHeaders(record);
    const path = `/topics/${topicId}/history/`;
    const { bodies } = await pages<Message[]>(path, headers, (c) => `${path}?cursor=${c}`);
    expect(bodies.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(bodies.reverse().flatMap((b) => b.map((m) => m.id))).toEqual(ids);
  });

  it("a cursor of another topic gives nothing; bad ones 422; another user's topic 404", async () => {
    const mine = await topicWith(3);
    const theirs = await topicWith(3);
    const headers = authHeaders(mine.record);
    const foreign = await call(`/topics/${mine.topicId}/history/?cursor=${theirs.ids[2]}`, { headers });
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toEqual([]);
    for (const query of ["cursor=abc", "cursor=-1", "limit=0", "limit=999"]) {
      expect((await call(`/topics/${mine.topicId}/history/?${query}`, { headers })).status, query).toBe(422);
    }
    expect((await call(`/topics/${theirs.topicId}/history/?limit=1`, { headers })).status).toBe(404);
  });
});

describe("one topic by id", () => {
  it("GET /topics/{id}: the owner's topic, 404 to anyone else", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const id = await insertTopic(owner.userId, {
      topicName: "Старый чат",
      assistantType: "explain_estate",
      updatedAt: NOON,
    });
    const res = await call(`/topics/${id}`, { headers: authHeaders(owner.record) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      topic_name: "Старый чат",
      assistant_type: "explain_estate",
      status: "active",
    });
    const foreign = await call(`/topics/${id}`, { headers: authHeaders(stranger.record) });
    expect(foreign.status).toBe(404);
    expect(await detailOf(foreign)).toBe("Чат не найден");
  });
});
