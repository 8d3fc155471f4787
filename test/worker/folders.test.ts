import { describe, expect, it } from "vitest";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { countRows, insertFolder, insertTopic } from "./topics-db";

type Folder = { id: number; name: string; assistant_type: string; created_at: string };
type Topic = { id: number; folder_id: number | null; pinned: boolean; updated_at: string };
type Group = { date: string | null; topics: Topic[] };
type Issue = { loc: (string | number)[]; msg: string; type: string };

async function signedIn() {
  const { record, userId } = await registerUser();
  const headers = authHeaders(record);
  const get = (path: string) => call(path, { headers });
  const send = (method: string, path: string, json?: unknown) => call(path, { method, headers, json });
  return { userId, get, send };
}

const folderPath = (type: string, name: string) => `/folders/${type}/${encodeURIComponent(name)}`;

describe("folders", () => {
  it("creates, lists per mode in creation order, renames and deletes", async () => {
    const { get, send } = await signedIn();
    const created = await send("POST", folderPath("explain_law", "  Аренда  "));
    expect(created.status).toBe(201);
    const first = (await created.json()) as Folder;
    expect(first).toEqual({
      id: expect.any(Number),
      name: "Аренда",
      assistant_type: "explain_law",
      created_at: expect.any(String),
    });
    expect(Date.parse(first.created_at)).not.toBeNaN();
    const second = (await (await send("POST", folderPath("explain_law", "Трудовые споры"))).json()) as Folder;
    await send("POST", folderPath("gpt", "Разное"));

    const listed = await get("/folders/explain_law");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Folder[]).map((f) => [f.id, f.name])).toEqual([
      [first.id, "Аренда"],
      [second.id, "Трудовые споры"],
    ]);
    expect(((await (await get("/folders/gpt/")).json()) as Folder[]).map((f) => f.name)).toEqual(["Разное"]);
    expect(await (await get("/folders/explain_img")).json()).toEqual([]);

    const renamed = await send("PATCH", `/folders/${first.id}`, { name: " Аренда жилья " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ ...first, name: "Аренда жилья" });

    const deleted = await send("DELETE", `/folders/${second.id}`);
    expect(deleted.status).toBe(204);
    expect(((await (await get("/folders/explain_law")).json()) as Folder[]).map((f) => f.id)).toEqual([first.id]);
  });

  it("answers 422 in Russian for an unknown mode or a bad name", async () => {
    const { userId, send, get } = await signedIn();
    const cases: [Response, string, string][] = [
      [
        await send("POST", folderPath("cooking", "Рецепты")),
        "assistantType",
        "Неизвестный режим: explain_law, gpt, explain_estate или explain_img",
      ],
      [await send("POST", folderPath("gpt", "   ")), "name", "Название папки не может быть пустым"],
      [
        await send("POST", folderPath("gpt", "п".repeat(61))),
        "name",
        "Название папки должно быть не длиннее 60 символов",
      ],
      [await send("POST", folderPath("gpt", "две\nстроки")), "name", "Название папки должно быть в одну строку"],
      [
        await get("/folders/cooking"),
        "assistantType",
        "Неизвестный режим: explain_law, gpt, explain_estate или explain_img",
      ],
      [
        await send("PATCH", `/folders/${await insertFolder(userId)}`, { name: "" }),
        "name",
        "Название папки не может быть пустым",
      ],
      [await send("PATCH", `/folders/${await insertFolder(userId)}`, {}), "name", "Укажите название папки"],
    ];
    for (const [res, field, msg] of cases) {
      expect(res.status).toBe(422);
      const issues = (await detailOf(res)) as Issue[];
      expect(issues.find((i) => i.loc.at(-1) === field)?.msg).toBe(msg);
    }
    expect((await send("POST", folderPath("gpt", "п".repeat(60)))).status).toBe(201);
  });

  it("answers 404 for another user's folder and shows nobody else's folders", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirs = await insertFolder(other.userId, "Их папка", "gpt");
    expect(await (await me.get("/folders/gpt")).json()).toEqual([]);
    for (const res of [
      await me.send("PATCH", `/folders/${theirs}`, { name: "Моя" }),
      await me.send("DELETE", `/folders/${theirs}`),
    ]) {
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Папка не найдена");
    }
    expect(await countRows("SELECT count(*) AS n FROM folders WHERE id = ? AND name = 'Их папка'", theirs)).toBe(1);
  });

  it("keeps a deleted folder's topics, outside any folder", async () => {
    const { userId, get, send } = await signedIn();
    const folder = await insertFolder(userId);
    const a = await insertTopic(userId, { folderId: folder, updatedAt: 2000 });
    const b = await insertTopic(userId, { folderId: folder, updatedAt: 1000 });
    expect((await send("DELETE", `/folders/${folder}`)).status).toBe(204);
    const groups = (await (await get("/topics/active/law?folder_id=0")).json()) as Group[];
    expect(groups.flatMap((g) => g.topics.map((t) => [t.id, t.folder_id]))).toEqual([
      [a, null],
      [b, null],
    ]);
    expect((await get(`/topics/active/law?folder_id=${folder}`)).status).toBe(404);
  });

  it("needs a signed-in caller", async () => {
    expect((await call("/folders/gpt")).status).toBe(401);
    expect((await call(folderPath("gpt", "Папка"), { method: "POST" })).status).toBe(401);
  });
});

describe("moving topics into and out of folders", () => {
  it("moves a topic in and out without reordering the list", async () => {
    const { userId, get, send } = await signedIn();
    const folder = await insertFolder(userId, "Договоры", "explain_law");
    const topic = await insertTopic(userId, { updatedAt: "2026-03-01T12:00:00Z" });
    const into = await send("POST", `/topics/${topic}/${folder}`);
    expect(into.status).toBe(200);
    expect(await into.json()).toMatchObject({ id: topic, folder_id: folder, updated_at: "2026-03-01T12:00:00.000Z" });
    const inFolder = (await (await get(`/topics/active/law?folder_id=${folder}`)).json()) as Group[];
    expect(inFolder.flatMap((g) => g.topics.map((t) => t.id))).toEqual([topic]);

    const out = await send("DELETE", `/topics/${topic}/${folder}`);
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ id: topic, folder_id: null });
    expect(await (await get(`/topics/active/law?folder_id=${folder}`)).json()).toEqual([]);
  });

  it("moves between folders, and taking a topic out of a folder it is not in changes nothing", async () => {
    const { userId, send } = await signedIn();
    const a = await insertFolder(userId, "А", "gpt");
    const b = await insertFolder(userId, "Б", "gpt");
    const topic = await insertTopic(userId, { assistantType: "gpt", folderId: a });
    expect(await (await send("POST", `/topics/${topic}/${b}`)).json()).toMatchObject({ folder_id: b });
    const res = await send("DELETE", `/topics/${topic}/${a}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ folder_id: b });
  });

  it("files a topic only in a folder of the same list type", async () => {
    const { userId, send } = await signedIn();
    const lawFolder = await insertFolder(userId, "Право", "explain_law");
    const gptFolder = await insertFolder(userId, "Общее", "gpt");
    const imageTopic = await insertTopic(userId, { assistantType: "explain_img" });
    const refused = await send("POST", `/topics/${imageTopic}/${lawFolder}`);
    expect(refused.status).toBe(422);
    expect(await detailOf(refused)).toBe("Эта папка для другого режима: переместите чат в папку его режима");
    // explain_img topics are listed under gpt, so a gpt folder takes them.
    expect(await (await send("POST", `/topics/${imageTopic}/${gptFolder}`)).json()).toMatchObject({
      folder_id: gptFolder,
    });
  });

  it("answers 404 for another user's topic or folder", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const myFolder = await insertFolder(me.userId);
    const myTopic = await insertTopic(me.userId);
    const theirFolder = await insertFolder(other.userId);
    const theirTopic = await insertTopic(other.userId);
    for (const [path, detail] of [
      [`/topics/${myTopic}/${theirFolder}`, "Папка не найдена"],
      [`/topics/${theirTopic}/${myFolder}`, "Чат не найден"],
    ] as const) {
      for (const method of ["POST", "DELETE"]) {
        const res = await me.send(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await detailOf(res)).toBe(detail);
      }
    }
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ? AND folder_id IS NULL", myTopic)).toBe(1);
    expect(await countRows("SELECT count(*) AS n FROM topics WHERE id = ? AND folder_id IS NULL", theirTopic)).toBe(1);
  });
});
