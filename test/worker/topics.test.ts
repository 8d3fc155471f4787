import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { countHistoryRows, countRows, insertAttachment, insertFolder, insertMessage, insertTopic } from "./topics-db";

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
type Group = { date: string | null; topics: Topic[] };
type Issue = { loc: (string | number)[]; msg: string; type: string };
type Message = {
  id: number;
  role: string;
  text: string;
  state: string;
  model: string | null;
  created_at: string;
  attachments: { id: number; filename: string; content_type: string; mime_type: string; size: number; url: string }[];
};

const cyrillic = /[а-яё]/i;

async function signedIn() {
  const { record, userId } = await registerUser();
  const headers = authHeaders(record);
  const get = (path: string) => call(path, { headers });
  const send = (method: string, path: string, json?: unknown) => call(path, { method, headers, json });
  return { userId, headers, get, send };
}

const list = async (get: (p: string) => Promise<Response>, path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Group[];
};
const shape = (groups: Group[]) => groups.map((g) => [g.date, g.topics.map((t) => t.id)]);

describe("GET /topics/{status}/{type}", () => {
  it("groups by the day of last activity in the caller's time zone, newest first", async () => {
    const { userId, get } = await signedIn();
    // 21:30 UTC is already the next day in Moscow (UTC+3); 20:30 UTC is still the same day.
    const lateEvening = await insertTopic(userId, { updatedAt: "2026-03-10T21:30:00Z" });
    const evening = await insertTopic(userId, { updatedAt: "2026-03-10T20:30:00Z" });
    const morning = await insertTopic(userId, { updatedAt: "2026-03-10T06:00:00Z" });
    const older = await insertTopic(userId, { updatedAt: "2026-02-01T12:00:00Z" });

    expect(shape(await list(get, "/topics/active/law?tz=Europe/Moscow"))).toEqual([
      ["2026-03-11", [lateEvening]],
      ["2026-03-10", [evening, morning]],
      ["2026-02-01", [older]],
    ]);
    expect(shape(await list(get, "/topics/active/law?tz=UTC"))).toEqual([
      ["2026-03-10", [lateEvening, evening, morning]],
      ["2026-02-01", [older]],
    ]);
    // 06:00 UTC is 01:00 in New York, the day before's evening is 16:30/17:30 there.
    expect(shape(await list(get, "/topics/active/law?tz=America/New_York"))).toEqual([
      ["2026-03-10", [lateEvening, evening, morning]],
      ["2026-02-01", [older]],
    ]);
    // No tz: Moscow.
    expect(shape(await list(get, "/topics/active/law"))).toEqual(
      shape(await list(get, "/topics/active/law?tz=Europe/Moscow")),
    );
  });

  it("answers the Topic shape", async () => {
    const { userId, get } = await signedIn();
    const id = await insertTopic(userId, {
      topicName: null,
      assistantType: "explain_estate",
      updatedAt: "2026-01-05T10:00:00Z",
    });
    const [group] = await list(get, "/topics/active/estate/");
    expect(group).toEqual({
      date: "2026-01-05",
      topics: [
        {
          id,
          topic_name: null,
          assistant_type: "explain_estate",
          status: "active",
          folder_id: null,
          pinned: false,
          share_hash: null,
          created_at: "2026-01-05T10:00:00.000Z",
          updated_at: "2026-01-05T10:00:00.000Z",
        },
      ],
    });
  });

  it("puts pinned topics first in a group without a date", async () => {
    const { userId, get } = await signedIn();
    const recent = await insertTopic(userId, { updatedAt: "2026-03-10T12:00:00Z" });
    const pinnedOld = await insertTopic(userId, { pinned: true, updatedAt: "2025-12-01T12:00:00Z" });
    const pinnedNew = await insertTopic(userId, { pinned: true, updatedAt: "2026-03-01T12:00:00Z" });
    expect(shape(await list(get, "/topics/active/all"))).toEqual([
      [null, [pinnedNew, pinnedOld]],
      ["2026-03-10", [recent]],
    ]);
  });

  it("filters by the mode → type mapping and by status", async () => {
    const { userId, get } = await signedIn();
    const law = await insertTopic(userId, { assistantType: "explain_law", updatedAt: 4000 });
    const estate = await insertTopic(userId, { assistantType: "explain_estate", updatedAt: 3000 });
    const gpt = await insertTopic(userId, { assistantType: "gpt", updatedAt: 2000 });
    const img = await insertTopic(userId, { assistantType: "explain_img", updatedAt: 1000 });
    const archived = await insertTopic(userId, { assistantType: "gpt", status: "archived", updatedAt: 5000 });
    const ids = (groups: Group[]) => groups.flatMap((g) => g.topics.map((t) => t.id));

    expect(ids(await list(get, "/topics/active/law"))).toEqual([law]);
    expect(ids(await list(get, "/topics/active/estate"))).toEqual([estate]);
    expect(ids(await list(get, "/topics/active/gpt"))).toEqual([gpt, img]);
    expect(ids(await list(get, "/topics/active/all"))).toEqual([law, estate, gpt, img]);
    expect(ids(await list(get, "/topics/archived/gpt"))).toEqual([archived]);
    expect(ids(await list(get, "/topics/archived/law"))).toEqual([]);
  });

  it("filters by folder: that folder, 0 for none, everything without folder_id", async () => {
    const { userId, get } = await signedIn();
    const folder = await insertFolder(userId);
    const inFolder = await insertTopic(userId, { folderId: folder, updatedAt: 2000 });
    const loose = await insertTopic(userId, { updatedAt: 1000 });
    const ids = (groups: Group[]) => groups.flatMap((g) => g.topics.map((t) => t.id));
    expect(ids(await list(get, `/topics/active/law?folder_id=${folder}`))).toEqual([inFolder]);
    expect(ids(await list(get, "/topics/active/law?folder_id=0"))).toEqual([loose]);
    expect(ids(await list(get, "/topics/active/law?folder_id="))).toEqual([inFolder, loose]);
    expect(ids(await list(get, "/topics/active/law"))).toEqual([inFolder, loose]);
  });

  it("shows only the caller's topics, and another user's folder is 404", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirFolder = await insertFolder(other.userId);
    await insertTopic(other.userId, { folderId: theirFolder });
    expect(await list(me.get, "/topics/active/all")).toEqual([]);
    const res = await me.get(`/topics/active/law?folder_id=${theirFolder}`);
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Папка не найдена");
  });

  it("answers 422 in Russian for a bad status, type, time zone or folder id", async () => {
    const { get } = await signedIn();
    for (const [path, loc] of [
      ["/topics/deleted/law", ["path", "status"]],
      ["/topics/active/cats", ["path", "type"]],
      ["/topics/active/law?tz=Mars/Olympus", ["query", "tz"]],
      ["/topics/active/law?folder_id=abc", ["query", "folder_id"]],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(422);
      const [issue] = (await detailOf(res)) as Issue[];
      expect(issue!.loc).toEqual(loc);
      expect(issue!.msg).toMatch(cyrillic);
    }
  });

  it("reads topics_type: the path's type when they agree, 422 when they disagree", async () => {
    const { userId, get } = await signedIn();
    const law = await insertTopic(userId, { assistantType: "explain_law", updatedAt: 2000 });
    await insertTopic(userId, { assistantType: "gpt", updatedAt: 1000 });
    const ids = (groups: Group[]) => groups.flatMap((g) => g.topics.map((t) => t.id));
    expect(ids(await list(get, "/topics/active/law?topics_type=law"))).toEqual([law]);
    for (const path of ["law?topics_type=gpt", "all?topics_type=law", "law?topics_type=cats"]) {
      const res = await get(`/topics/active/${path}`);
      expect(res.status, path).toBe(422);
      const [issue] = (await detailOf(res)) as Issue[];
      expect(issue!.loc).toEqual(["query", "topics_type"]);
      expect(issue!.msg).toMatch(cyrillic);
    }
    const res = await get("/topics/active/law?topics_type=gpt");
    expect(((await detailOf(res)) as Issue[])[0]!.msg).toBe("topics_type должен совпадать с типом в пути");
  });

  it("needs a signed-in caller", async () => {
    const res = await call("/topics/active/law");
    expect(res.status).toBe(401);
    expect(await detailOf(res)).toBe("Требуется авторизация");
  });
});

describe("GET /topics/{id}/history/", () => {
  it("answers messages oldest first with their attachments, whose signed url serves the bytes", async () => {
    const { userId, get } = await signedIn();
    const topic = await insertTopic(userId);
    const question = await insertMessage(topic, "user", "Что такое договор аренды?", {
      createdAt: Date.parse("2026-03-10T10:00:00Z"),
    });
    const doc = await insertAttachment(userId, question, { filename: "договор.txt" });
    const image = await insertAttachment(userId, question, {
      filename: "фото.png",
      kind: "image",
      contentType: "image/png",
      bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    });
    await insertMessage(topic, "assistant", "Это соглашение…", {
      model: "Демо-модель",
      createdAt: Date.parse("2026-03-10T10:00:05Z"),
    });
    await insertMessage(topic, "assistant", "Обрыв на полусл", {
      state: "partial",
      model: "Демо-модель",
      createdAt: Date.parse("2026-03-10T10:01:00Z"),
    });

    const res = await get(`/topics/${topic}/history/`);
    expect(res.status).toBe(200);
    const messages = (await res.json()) as Message[];
    expect(messages.map((m) => [m.role, m.text, m.state, m.model])).toEqual([
      ["user", "Что такое договор аренды?", "complete", null],
      ["assistant", "Это соглашение…", "complete", "Демо-модель"],
      ["assistant", "Обрыв на полусл", "partial", "Демо-модель"],
    ]);
    expect(messages[0]!.created_at).toBe("2026-03-10T10:00:00.000Z");
    expect(messages[1]!.attachments).toEqual([]);
    expect(messages[0]!.attachments).toEqual([
      {
        id: doc.id,
        filename: "договор.txt",
        content_type: "document",
        mime_type: "text/plain",
        size: doc.bytes.length,
        url: expect.stringMatching(new RegExp(`^/api/v2/attachments/${doc.id}/file\\?s=\\d+&exp=\\d+&sig=`)),
      },
      {
        id: image.id,
        filename: "фото.png",
        content_type: "image",
        mime_type: "image/png",
        size: 8,
        url: expect.stringMatching(/sig=/),
      },
    ]);
    // The url works without headers (an <img src>).
    const file = await call(messages[0]!.attachments[0]!.url.replace(/^\/api\/v2/, ""));
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(doc.bytes);
  });

  it("answers [] for a topic without messages and keeps the topics' histories apart", async () => {
    const { userId, get } = await signedIn();
    const empty = await insertTopic(userId);
    const other = await insertTopic(userId);
    await insertMessage(other, "user", "Вопрос");
    const res = await get(`/topics/${empty}/history`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("answers 404 for another user's topic or an unknown one", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirs = await insertTopic(other.userId);
    await insertMessage(theirs, "user", "Секрет");
    for (const id of [theirs, 999999999]) {
      const res = await me.get(`/topics/${id}/history/`);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Чат не найден");
    }
    // A non-numeric id is no topic id: 404, as for an unknown one (the lists' `/:status/:type` comes after it).
    const bad = await me.get("/topics/abc/history/");
    expect(bad.status).toBe(404);
    expect(JSON.stringify(await bad.json())).toMatch(cyrillic);
  });
});

describe("PATCH /topics/", () => {
  it("renames, trimmed, without moving the topic in the list", async () => {
    const { userId, get, send } = await signedIn();
    const first = await insertTopic(userId, { updatedAt: 1000 });
    const second = await insertTopic(userId, { updatedAt: 2000 });
    const res = await send("PATCH", "/topics/", { id: first, topic_name: "  Аренда квартиры  " });
    expect(res.status).toBe(200);
    const topic = (await res.json()) as Topic;
    expect(topic).toMatchObject({ id: first, topic_name: "Аренда квартиры", updated_at: new Date(1000).toISOString() });
    const ids = (await list(get, "/topics/active/law")).flatMap((g) => g.topics.map((t) => [t.id, t.topic_name]));
    expect(ids).toEqual([
      [second, "Чат"],
      [first, "Аренда квартиры"],
    ]);
  });

  it("answers 422 in Russian for an empty, long or multi-line name and a bad id", async () => {
    const { userId, send } = await signedIn();
    const id = await insertTopic(userId);
    const cases: [unknown, string, string][] = [
      [{ id, topic_name: "   " }, "topic_name", "Название чата не может быть пустым"],
      [{ id, topic_name: "я".repeat(101) }, "topic_name", "Название чата должно быть не длиннее 100 символов"],
      [{ id, topic_name: "две\nстроки" }, "topic_name", "Название чата должно быть в одну строку"],
      [{ id }, "topic_name", "Укажите название чата"],
      [{ topic_name: "Имя" }, "id", "Укажите id чата"],
      [{ id: "семь", topic_name: "Имя" }, "id", "id чата должен быть числом"],
    ];
    for (const [body, field, msg] of cases) {
      const res = await send("PATCH", "/topics/", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const issues = (await detailOf(res)) as Issue[];
      expect(issues.find((i) => i.loc[1] === field)?.msg).toBe(msg);
    }
    // 100 characters is fine.
    expect((await send("PATCH", "/topics/", { id, topic_name: "я".repeat(100) })).status).toBe(200);
  });

  it("answers 404 for another user's topic and leaves it alone", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirs = await insertTopic(other.userId, { topicName: "Их чат" });
    const res = await me.send("PATCH", "/topics/", { id: theirs, topic_name: "Мой" });
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Чат не найден");
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ? AND topic_name = 'Их чат'", theirs)).toBe(1);
  });
});

describe("DELETE /topics/{id}", () => {
  it("removes the topic, its messages, attachment rows and their R2 bytes", async () => {
    const { userId, get, send } = await signedIn();
    const topic = await insertTopic(userId);
    const question = await insertMessage(topic, "user", "Посмотрите договор");
    await insertMessage(topic, "assistant", "Смотрю");
    const a = await insertAttachment(userId, question);
    const b = await insertAttachment(userId, question, {
      kind: "image",
      contentType: "image/png",
      filename: "скан.png",
    });
    // An upload not yet sent belongs to no topic and stays.
    const unsent = await insertAttachment(userId, null);
    expect(await env.FILES.head(a.r2Key)).not.toBeNull();

    const res = await send("DELETE", `/topics/${topic}`);
    expect(res.status).toBe(204);
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ?", topic)).toBe(0);
    expect(await countHistoryRows(userId, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", topic)).toBe(0);
    expect(await countHistoryRows(userId, "SELECT count(*) AS n FROM attachments WHERE id IN (?, ?)", a.id, b.id)).toBe(
      0,
    );
    expect(await countHistoryRows(userId, "SELECT count(*) AS n FROM topic_leaves WHERE topic_id = ?", topic)).toBe(0);
    expect(await countHistoryRows(userId, "SELECT count(*) AS n FROM attachments WHERE id = ?", unsent.id)).toBe(1);
    // The bytes go in the background (waitUntil).
    await vi.waitFor(async () => {
      expect(await env.FILES.head(a.r2Key)).toBeNull();
      expect(await env.FILES.head(b.r2Key)).toBeNull();
    });
    expect(await env.FILES.head(unsent.r2Key)).not.toBeNull();
    expect((await get(`/topics/${topic}/history`)).status).toBe(404);
    expect((await send("DELETE", `/topics/${topic}`)).status).toBe(404);
  });

  it("answers 404 for another user's topic and deletes nothing", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirs = await insertTopic(other.userId);
    const message = await insertMessage(theirs, "user", "Вопрос");
    const file = await insertAttachment(other.userId, message);
    const res = await me.send("DELETE", `/topics/${theirs}`);
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Чат не найден");
    expect(await countHistoryRows(other.userId, "SELECT count(*) AS n FROM messages WHERE topic_id = ?", theirs)).toBe(
      1,
    );
    expect(await env.FILES.head(file.r2Key)).not.toBeNull();
  });
});

describe("archive", () => {
  it("moves a topic to the archived list and back, keeping its place by activity", async () => {
    const { userId, get, send } = await signedIn();
    const id = await insertTopic(userId, { updatedAt: "2026-03-10T12:00:00Z" });
    const archived = await send("POST", `/topics/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(await archived.json()).toMatchObject({ id, status: "archived", updated_at: "2026-03-10T12:00:00.000Z" });
    expect(await list(get, "/topics/active/law")).toEqual([]);
    expect(shape(await list(get, "/topics/archived/law"))).toEqual([["2026-03-10", [id]]]);

    const back = await send("DELETE", `/topics/${id}/archive`);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ id, status: "active" });
    expect(shape(await list(get, "/topics/active/law"))).toEqual([["2026-03-10", [id]]]);
  });

  it("answers 404 for another user's topic", async () => {
    const me = await signedIn();
    const theirs = await insertTopic((await signedIn()).userId);
    for (const method of ["POST", "DELETE"]) {
      const res = await me.send(method, `/topics/${theirs}/archive`);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Чат не найден");
    }
  });
});

describe("pin", () => {
  it("pins and unpins; pinned topics come first", async () => {
    const { userId, get, send } = await signedIn();
    const older = await insertTopic(userId, { updatedAt: "2026-03-01T12:00:00Z" });
    const newer = await insertTopic(userId, { updatedAt: "2026-03-10T12:00:00Z" });
    const pinned = await send("POST", `/topics/pin/${older}/0`);
    expect(pinned.status).toBe(200);
    expect(await pinned.json()).toMatchObject({ id: older, pinned: true, updated_at: "2026-03-01T12:00:00.000Z" });
    expect(shape(await list(get, "/topics/active/law"))).toEqual([
      [null, [older]],
      ["2026-03-10", [newer]],
    ]);
    const unpinned = await send("DELETE", `/topics/pin/${older}/0`);
    expect(await unpinned.json()).toMatchObject({ id: older, pinned: false });
    expect(shape(await list(get, "/topics/active/law"))).toEqual([
      ["2026-03-10", [newer]],
      ["2026-03-01", [older]],
    ]);
  });

  it("takes the topic's folder as folderId and refuses another folder", async () => {
    const { userId, send } = await signedIn();
    const folder = await insertFolder(userId);
    const otherFolder = await insertFolder(userId, "Другая");
    const id = await insertTopic(userId, { folderId: folder });
    expect((await send("POST", `/topics/pin/${id}/${otherFolder}`)).status).toBe(404);
    const res = await send("POST", `/topics/pin/${id}/${folder}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pinned: true, folder_id: folder });
  });

  it("answers 404 for another user's topic", async () => {
    const me = await signedIn();
    const theirs = await insertTopic((await signedIn()).userId);
    const res = await me.send("POST", `/topics/pin/${theirs}/0`);
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Чат не найден");
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ? AND pinned = 1", theirs)).toBe(0);
  });
});
