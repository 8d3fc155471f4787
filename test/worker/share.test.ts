import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { purgeSharedTopic } from "../../worker/conversations/services/share";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { insertAttachment, insertMessage, insertTopic } from "./topics-db";

type Shared = {
  topic_name: string | null;
  assistant_type: string;
  messages: {
    role: string;
    text: string;
    state: string;
    model: string | null;
    attachments: { id: number; filename: string; content_type: string; url: string }[];
  }[];
};

async function signedIn() {
  const { record, userId } = await registerUser();
  const headers = authHeaders(record);
  const send = (method: string, path: string, json?: unknown) => call(path, { method, headers, json });
  return { userId, headers, send };
}

async function sharedTopic(init: { topicName?: string } = {}) {
  const owner = await signedIn();
  const topic = await insertTopic(owner.userId, {
    topicName: init.topicName ?? "Аренда квартиры",
    assistantType: "explain_estate",
  });
  const question = await insertMessage(topic, "user", "Можно ли расторгнуть договор?", { createdAt: 1000 });
  await insertMessage(topic, "assistant", "Да, по статье 450 ГК РФ…", { createdAt: 2000, model: "Демо-модель" });
  const res = await owner.send("POST", `/topics/${topic}/share`);
  expect(res.status).toBe(200);
  const { hash } = (await res.json()) as { hash: string };
  return { owner, topic, question, hash };
}

/** A signed-out reader: no jwt-token header at all. */
const readShared = (hash: string, suffix = "") => call(`/share/topic/history/${hash}${suffix}`);

describe("sharing a topic", () => {
  it("answers an unguessable hash, the same one on repeat, and shows it on the topic", async () => {
    const { owner, topic, hash } = await sharedTopic();
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(hash, "base64url").length).toBeGreaterThanOrEqual(16);
    const again = await owner.send("POST", `/topics/${topic}/share/`);
    expect(await again.json()).toEqual({ hash, expires_at: null, reveal: false });
    const groups = (await (await call("/topics/active/estate", { headers: owner.headers })).json()) as {
      topics: { id: number; share_hash: string | null }[];
    }[];
    expect(groups[0]!.topics.find((t) => t.id === topic)?.share_hash).toBe(hash);
    // Another topic gets another hash.
    const second = await insertTopic(owner.userId);
    expect(((await (await owner.send("POST", `/topics/${second}/share`)).json()) as { hash: string }).hash).not.toBe(
      hash,
    );
  });

  it("is readable signed out: name, mode and messages oldest first", async () => {
    const { hash } = await sharedTopic();
    const res = await readShared(hash);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const shared = (await res.json()) as Shared;
    expect(shared.topic_name).toBe("Аренда квартиры");
    expect(shared.assistant_type).toBe("explain_estate");
    expect(shared.messages.map((m) => [m.role, m.text, m.model])).toEqual([
      ["user", "Можно ли расторгнуть договор?", null],
      ["assistant", "Да, по статье 450 ГК РФ…", "Демо-модель"],
    ]);
    // With a trailing slash too (the same cached entry).
    expect(await (await readShared(hash, "/")).json()).toEqual(shared);
  });

  it("answers 404 for an unknown or malformed hash", async () => {
    for (const hash of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "not%20a%20hash%20at%20all%20really"]) {
      const res = await readShared(hash);
      expect(res.status, hash).toBe(404);
      expect(await detailOf(res)).toBe("Ссылка на чат недействительна или отозвана");
    }
  });

  it("stops working when revoked, says so, and a new share makes a new hash", async () => {
    const { owner, topic, hash } = await sharedTopic();
    expect((await readShared(hash)).status).toBe(200); // now in the edge cache
    const revoked = await owner.send("DELETE", `/topics/${topic}/share`);
    expect(revoked.status).toBe(204);
    const gone = await readShared(hash);
    expect(gone.status).toBe(404);
    expect(await detailOf(gone)).toBe("Ссылка отключена владельцем");
    expect((await owner.send("DELETE", `/topics/${topic}/share`)).status).toBe(204);
    const { hash: fresh } = (await (await owner.send("POST", `/topics/${topic}/share`)).json()) as { hash: string };
    expect(fresh).not.toBe(hash);
    expect((await readShared(fresh)).status).toBe(200);
    expect(await detailOf(await readShared(hash))).toBe("Ссылка отключена владельцем");
  });

  it("answers 404 to another user sharing or revoking a topic that is not theirs", async () => {
    const { topic, hash } = await sharedTopic();
    const stranger = await signedIn();
    for (const method of ["POST", "DELETE"]) {
      const res = await stranger.send(method, `/topics/${topic}/share`);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("Чат не найден");
    }
    expect((await readShared(hash)).status).toBe(200);
  });

  it("needs the owner signed in to share", async () => {
    const { topic } = await sharedTopic();
    expect((await call(`/topics/${topic}/share`, { method: "POST" })).status).toBe(401);
  });
});

describe("the edge cache of a shared history", () => {
  it("serves the cached copy until the topic changes", async () => {
    const { owner, topic, hash } = await sharedTopic();
    expect(((await (await readShared(hash)).json()) as Shared).topic_name).toBe("Аренда квартиры");
    // A change that bypasses the API (and so the purge) stays invisible: the copy comes from the cache.
    await env.DB.prepare("UPDATE topics SET topic_name = 'Изменено в обход' WHERE id = ?").bind(topic).run();
    expect(((await (await readShared(hash)).json()) as Shared).topic_name).toBe("Аренда квартиры");

    // A rename through the API purges it.
    expect((await owner.send("PATCH", "/topics/", { id: topic, topic_name: "Расторжение договора" })).status).toBe(200);
    expect(((await (await readShared(hash)).json()) as Shared).topic_name).toBe("Расторжение договора");
  });

  it("is purged by purgeSharedTopic after a new message (what the streaming side calls)", async () => {
    const { topic, hash } = await sharedTopic();
    expect(((await (await readShared(hash)).json()) as Shared).messages).toHaveLength(2);
    await insertMessage(topic, "user", "А если арендодатель против?");
    expect(((await (await readShared(hash)).json()) as Shared).messages).toHaveLength(2);
    await purgeSharedTopic(env, topic);
    expect(((await (await readShared(hash)).json()) as Shared).messages.map((m) => m.text).at(-1)).toBe(
      "А если арендодатель против?",
    );
  });

  it("is purged when the topic is deleted", async () => {
    const { owner, topic, hash } = await sharedTopic();
    expect((await readShared(hash)).status).toBe(200);
    expect((await owner.send("DELETE", `/topics/${topic}`)).status).toBe(204);
    const gone = await readShared(hash);
    expect(gone.status).toBe(404);
    expect(await detailOf(gone)).toBe("Ссылка на чат недействительна или отозвана");
  });

  it("tells browsers to revalidate, while the edge keeps a short copy", async () => {
    const { hash } = await sharedTopic();
    expect((await readShared(hash)).headers.get("cache-control")).toBe("no-cache");
    expect((await readShared(hash)).headers.get("cache-control")).toBe("no-cache");
  });
});

describe("attachments of a shared topic", () => {
  it("are listed with share urls that serve the bytes signed out", async () => {
    const { owner, question, hash } = await sharedTopic();
    const doc = await insertAttachment(owner.userId, question, { filename: "договор аренды.txt" });
    const shared = (await (await readShared(hash)).json()) as Shared;
    const [attachment] = shared.messages[0]!.attachments;
    expect(attachment).toMatchObject({
      id: doc.id,
      filename: "договор аренды.txt",
      content_type: "document",
      url: `/api/v2/share/${hash}/attachments/${doc.id}`,
    });
    const file = await call(attachment!.url.replace(/^\/api\/v2/, ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/plain");
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(doc.bytes);
  });

  it("answer 404 for an attachment of another topic, an unsent upload, or after revoking", async () => {
    const { owner, topic, hash } = await sharedTopic();
    // The owner's attachment in a topic that is not shared.
    const privateTopic = await insertTopic(owner.userId);
    const privateMessage = await insertMessage(privateTopic, "user", "Личное");
    const privateFile = await insertAttachment(owner.userId, privateMessage);
    // Someone else's shared topic's attachment, asked through this link.
    const other = await sharedTopic();
    const otherFile = await insertAttachment(other.owner.userId, other.question);
    const unsent = await insertAttachment(owner.userId, null);
    for (const id of [privateFile.id, otherFile.id, unsent.id]) {
      const res = await call(`/share/${hash}/attachments/${id}`);
      expect(res.status, String(id)).toBe(404);
      expect(await detailOf(res)).toBe("Вложение не найдено");
    }
    // The right link works until it is revoked.
    expect((await call(`/share/${other.hash}/attachments/${otherFile.id}`)).status).toBe(200);
    const mine = await insertAttachment(owner.userId, await insertMessage(topic, "user", "Скан"));
    expect((await call(`/share/${hash}/attachments/${mine.id}`)).status).toBe(200);
    await owner.send("DELETE", `/topics/${topic}/share`);
    expect((await call(`/share/${hash}/attachments/${mine.id}`)).status).toBe(404);
  });
});
