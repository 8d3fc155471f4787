import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { edgeCache, sharedHistoryCacheKey, sharePageCacheKey } from "../../worker/conversations/services/share";
import { authHeaders, call, registerUser, uniqueIp } from "./helpers";
import { insertMessage, insertTopic } from "./topics-db";

// docs/conversations.md "Sharing": the edge keeps a shared history for a minute, and a purge reaches
// only the data centre that runs it. Whatever ends a link must end it everywhere at once.

async function sharedChat(settings: { reveal?: boolean } = {}) {
  const { record, userId, password } = await registerUser();
  const headers = authHeaders(record);
  const topic = await insertTopic(userId, { topicName: "Аренда квартиры", assistantType: "explain_estate" });
  await insertMessage(topic, "user", "Можно ли расторгнуть договор?", { createdAt: 1000 });
  const res = await call(`/topics/${topic}/share`, { headers, json: settings });
  expect(res.status).toBe(200);
  const { hash } = (await res.json()) as { hash: string };
  return { headers, password, topic, hash };
}

const readShared = (hash: string) => call(`/share/topic/history/${hash}`);
const nameOf = async (res: Response) => ((await res.json()) as { topic_name: string }).topic_name;
/** What a link of a chat or account that is gone answers. */
const GONE = "Ссылка на чат недействительна или отозвана";

/** The edge's copy of a link as it is now: what a data centre the purge does not reach keeps. */
async function copyAtTheEdge(hash: string): Promise<Response> {
  expect((await readShared(hash)).status).toBe(200);
  const copy = await edgeCache().match(sharedHistoryCacheKey(env, hash));
  expect(copy).toBeDefined();
  return copy!;
}

/** Puts a kept copy back, as if this request ran in that other data centre. */
const keptElsewhere = (hash: string, copy: Response) => edgeCache().put(sharedHistoryCacheKey(env, hash), copy);

describe("ending a share link ends it at the edge at once", () => {
  it("deleting the account: the link answers 404 at once, not the edge's copy", async () => {
    const chat = await sharedChat();
    expect((await readShared(chat.hash)).status).toBe(200);
    const deleted = await call("/users/self", {
      method: "DELETE",
      headers: chat.headers,
      json: { password: chat.password },
    });
    expect(deleted.status).toBe(204);
    expect((await readShared(chat.hash)).status).toBe(404);
    // Purged, not only refused: nothing of the deleted account stays at the edge.
    expect(await edgeCache().match(sharedHistoryCacheKey(env, chat.hash))).toBeUndefined();
  });

  it.each([
    [
      "revoking the link",
      (chat: Awaited<ReturnType<typeof sharedChat>>) =>
        call(`/topics/${chat.topic}/share`, { method: "DELETE", headers: chat.headers }),
      "Ссылка отключена владельцем",
    ],
    [
      "deleting the chat",
      (chat: Awaited<ReturnType<typeof sharedChat>>) =>
        call(`/topics/${chat.topic}`, { method: "DELETE", headers: chat.headers }),
      GONE,
    ],
    [
      "deleting the account",
      (chat: Awaited<ReturnType<typeof sharedChat>>) =>
        call("/users/self", { method: "DELETE", headers: chat.headers, json: { password: chat.password } }),
      GONE,
    ],
  ])("%s: a copy another data centre kept is not served", async (_, end, detail) => {
    const chat = await sharedChat();
    const copy = await copyAtTheEdge(chat.hash);
    expect((await end(chat)).status).toBe(204);
    await keptElsewhere(chat.hash, copy);
    const res = await readShared(chat.hash);
    expect(res.status).toBe(404);
    // A revoked link says so (docs/conversations.md "Sharing"); a chat or account gone leaves no trace of the link.
    expect(await res.json()).toEqual({ detail });
  });

  it("hiding the values again: a copy made while they were revealed is not served", async () => {
    const chat = await sharedChat({ reveal: true });
    const copy = await copyAtTheEdge(chat.hash);
    expect((await call(`/topics/${chat.topic}/share`, { headers: chat.headers, json: { reveal: false } })).status).toBe(
      200,
    );
    await keptElsewhere(chat.hash, copy);
    // Changed past the API, so only a fresh read shows it: the revealed copy must not answer.
    await env.DB.prepare("UPDATE topics SET topic_name = 'Прочитано заново' WHERE id = ?").bind(chat.topic).run();
    expect(await nameOf(await readShared(chat.hash))).toBe("Прочитано заново");
  });
});

describe("the share page at the edge", () => {
  const openPage = (hash: string) =>
    SELF.fetch(`http://app.test/share/${hash}`, { headers: { "cf-connecting-ip": uniqueIp() } });
  const pageCopy = (hash: string) => edgeCache().match(sharePageCacheKey(env, hash));

  it("is kept like its JSON, served from there, purged with it, and never once its link has ended", async () => {
    const chat = await sharedChat();
    expect((await openPage(chat.hash)).status).toBe(200);
    const copy = await pageCopy(chat.hash);
    expect(copy?.headers.get("cache-control")).toBe("public, max-age=60");
    const kept = await copy!.text();
    expect(kept).toContain("<title>Аренда квартиры — Ясно</title>");
    // Served from the copy: the readers' page is the kept one, with the browsers' own cache rule.
    const again = await openPage(chat.hash);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(await again.text()).toBe(kept);

    // A rename through the API purges the page with its JSON.
    expect(
      (
        await call("/topics/", {
          method: "PATCH",
          headers: chat.headers,
          json: { id: chat.topic, topic_name: "Новое имя" },
        })
      ).status,
    ).toBe(200);
    expect(await pageCopy(chat.hash)).toBeUndefined();
    expect(await (await openPage(chat.hash)).text()).toContain("<title>Новое имя — Ясно</title>");

    // A copy another data centre kept is not served once the link is revoked.
    const elsewhere = (await pageCopy(chat.hash))!;
    expect((await call(`/topics/${chat.topic}/share`, { method: "DELETE", headers: chat.headers })).status).toBe(204);
    await edgeCache().put(sharePageCacheKey(env, chat.hash), elsewhere);
    const revoked = await openPage(chat.hash);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).not.toContain("Новое имя");
  });
});

describe("anonymous reads of share links, per client address", () => {
  const LIMIT = 120;
  const TOO_MANY = "Слишком много запросов, повторите через минуту";

  /** The limiter's minutes follow the clock: start where a whole half of one is left, so the test never spans two. */
  async function aFreshWindow() {
    const into = Date.now() % 60_000;
    if (into > 30_000) await new Promise((done) => setTimeout(done, 60_000 - into + 100));
  }

  it("the JSON, the page and the files count together: past 120 a minute → 429 in Russian; another address reads on", {
    timeout: 90_000,
  }, async () => {
    const chat = await sharedChat();
    const ip = uniqueIp();
    const paths = [
      `/api/v2/share/topic/history/${chat.hash}`,
      `/share/${chat.hash}`,
      `/api/v2/share/${chat.hash}/attachments/1`,
    ];
    const read = (path: string, from = ip) =>
      SELF.fetch(`http://app.test${path}`, { headers: { "cf-connecting-ip": from } });
    await aFreshWindow();
    for (let i = 0; i < LIMIT; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, j) => read(paths[(i + j) % paths.length]!)));
      for (const res of batch) {
        expect(res.status, String(i)).not.toBe(429);
        await res.arrayBuffer();
      }
    }
    for (const path of paths) {
      const refused = await read(path);
      expect(refused.status, path).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(await refused.json()).toEqual({ detail: TOO_MANY });
    }
    // An unknown link counts as well, so guessing hashes is limited too.
    expect((await read("/api/v2/share/topic/history/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(429);
    expect((await read(paths[0]!, uniqueIp())).status).toBe(200);
  });
});

describe("a long shared chat, by pages", () => {
  /** A shared chat of `count` messages, questions and replies in turn, numbered from 1. */
  async function longChat(count: number, textOf = (n: number) => `Сообщение номер ${n}.`) {
    const chat = await sharedChat();
    for (let n = 2; n <= count; n++)
      await insertMessage(chat.topic, n % 2 ? "user" : "assistant", textOf(n), { createdAt: 1000 + n });
    return chat;
  }
  type Page = { topic_name: string; messages: { id: number; text: string }[] };
  const page = async (hash: string, query: string) => {
    const res = await call(`/share/topic/history/${hash}${query}`);
    expect(res.status, query).toBe(200);
    return { body: (await res.json()) as Page, next: res.headers.get("x-next-cursor") };
  };

  it("the JSON: limit messages from the first question, X-Next-Cursor to the next page, none on the last", async () => {
    const chat = await longChat(5);
    const first = await page(chat.hash, "?limit=2");
    expect(first.body.topic_name).toBe("Аренда квартиры");
    expect(first.body.messages.map((m) => m.text)).toEqual(["Можно ли расторгнуть договор?", "Сообщение номер 2."]);
    expect(first.next).toBe(String(first.body.messages[1]!.id));
    const second = await page(chat.hash, `?limit=2&cursor=${first.next}`);
    expect(second.body.messages.map((m) => m.text)).toEqual(["Сообщение номер 3.", "Сообщение номер 4."]);
    const last = await page(chat.hash, `?limit=2&cursor=${second.next}`);
    expect(last.body.messages.map((m) => m.text)).toEqual(["Сообщение номер 5."]);
    expect(last.next).toBeNull();
    // Without limit and cursor, the whole chat, as before.
    expect((await page(chat.hash, "")).body.messages).toHaveLength(5);
    expect((await page(chat.hash, "")).next).toBeNull();
  });

  it("the JSON: a bad limit or cursor → 422 in Russian; a cursor of another chat → no messages", async () => {
    const chat = await longChat(3);
    for (const [query, detail] of [
      ["?limit=0", "limit: целое число от 1 до 200"],
      ["?limit=201", "limit: целое число от 1 до 200"],
      ["?cursor=abc", "Некорректный курсор страницы"],
    ]) {
      const res = await call(`/share/topic/history/${chat.hash}${query}`);
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(await res.json()), query).toContain(detail);
    }
    const other = await sharedChat();
    const [foreign] = (await page(other.hash, "?limit=1")).body.messages;
    expect(await page(chat.hash, `?cursor=${foreign!.id}`)).toEqual({
      body: expect.objectContaining({ messages: [] }),
      next: null,
    });
  });

  it(
    "the page: its first screen carries the first 20 messages and the next page's cursor, not the whole " + "chat",
    async () => {
      const chat = await longChat(45);
      const res = await SELF.fetch(`http://app.test/share/${chat.hash}`, {
        headers: { "cf-connecting-ip": uniqueIp() },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      const data = JSON.parse(
        /<script type="application\/json" id="share-screen">([^<]*)<\/script>/.exec(html)![1]!,
      ) as {
        history: Page;
        next?: string;
      };
      expect(data.history.messages).toHaveLength(20);
      expect(data.history.messages.at(-1)!.text).toBe("Сообщение номер 20.");
      expect(data.next).toBe(String(data.history.messages.at(-1)!.id));
      expect(html).toContain("Сообщение номер 20.");
      expect(html).not.toContain("Сообщение номер 21.");
    },
  );

  it(
    "the page: long messages end the first screen sooner (40,000 characters of text, one message at " + "least)",
    async () => {
      const chat = await longChat(6, (n) => `${n}:${"я".repeat(15_000)}`);
      const html = await (
        await SELF.fetch(`http://app.test/share/${chat.hash}`, { headers: { "cf-connecting-ip": uniqueIp() } })
      ).text();
      const data = JSON.parse(
        /<script type="application\/json" id="share-screen">([^<]*)<\/script>/.exec(html)![1]!,
      ) as {
        history: Page;
      };
      // The question and two replies of 15,000 characters fit; a third would pass 40,000.
      expect(data.history.messages.map((m) => m.text.split(":")[0])).toEqual([
        "Можно ли расторгнуть договор?",
        "2",
        "3",
      ]);
    },
  );
});
