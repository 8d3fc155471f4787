import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authHeaders, call, registerUser, uniqueIp } from "./helpers";
import { insertMessage, insertTopic } from "./topics-db";

// The page a share link opens (worker/conversations/routes/share-page.ts): the build's share page
// (here a cut-down copy, test/worker/fixtures/share-page) with its first screen rendered with the
// conversation by the share-screen Worker, the data beside it; 404 or 410 when the link shows nothing.

async function sharedTopic(init: { topicName?: string; question?: string; reply?: string } = {}) {
  const { record, userId } = await registerUser();
  const headers = authHeaders(record);
  const topic = await insertTopic(userId, {
    topicName: init.topicName ?? "Аренда квартиры",
    assistantType: "explain_estate",
  });
  await insertMessage(topic, "user", init.question ?? "Можно ли расторгнуть договор?", { createdAt: 1000 });
  await insertMessage(topic, "assistant", init.reply ?? "Да, по **статье 450** ГК РФ.", {
    createdAt: 2000,
    model: "Демо-модель",
  });
  const share = (json: unknown = {}) => call(`/topics/${topic}/share`, { headers, json });
  const { hash } = (await (await share()).json()) as { hash: string };
  return { topic, headers, hash, share };
}

const openPage = (path: string) =>
  SELF.fetch(`http://app.test${path}`, { headers: { "cf-connecting-ip": uniqueIp() } });

/** The JSON the page carries beside its first screen. */
function dataOf(html: string): unknown {
  const json = /<script type="application\/json" id="share-screen">([^<]*)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe("the share page", () => {
  it(
    "comes with the conversation rendered in its first screen, what it was rendered from and the chat's " + "title",
    async () => {
      const { hash } = await sharedTopic();
      const res = await openPage(`/share/${hash}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      const html = await res.text();
      expect(html).toContain("<title>Аренда квартиры — Ясно</title>");
      // The screen is the app's render: the title, the question as a bubble, the reply as Markdown, the model's name.
      expect(html).toMatch(/<h1[^>]*>Аренда квартиры<\/h1>/);
      expect(html).toMatch(
        /data-testid="message-user"[^>]*>.*<div class="message__bubble">Можно ли расторгнуть договор\?<\/div>/,
      );
      expect(html).toMatch(/data-testid="message-assistant".*<p>Да, по <strong>статье 450<\/strong> ГК РФ\.<\/p>/);
      expect(html).not.toContain('aria-label="Загрузка"');
      // The page as built around it: the inlined styles, the app's root, the entry.
      expect(html).toMatch(
        /<div id="prerendered" inert><style>#prerendered ~ #root\{display:none\}<\/style><div data-is-root-theme/,
      );
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
      // Beside the screen, what the API answers for the link and for the modes.
      const history = await (await call(`/share/topic/history/${hash}`)).json();
      const products = await (await call("/products/")).json();
      expect(dataOf(html)).toEqual({ hash, history, products });
    },
  );

  it("escapes what the chat says, in the screen and in the data beside it", async () => {
    const attack = '</script><script>alert(1)</script><img src=x onerror="alert(2)">';
    const { hash } = await sharedTopic({ topicName: attack, question: attack, reply: attack });
    const html = await (await openPage(`/share/${hash}`)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect((dataOf(html) as { history: { topic_name: string } }).history.topic_name).toBe(attack);
  });

  it("is the page as built with nothing filled in: 404 unknown, malformed or revoked, 410 expired", async () => {
    const { hash, topic, headers, share } = await sharedTopic();
    const gone = async (path: string, status: number) => {
      const res = await openPage(path);
      expect(res.status, path).toBe(status);
      const html = await res.text();
      expect(html, path).toContain('aria-label="Загрузка"');
      expect(dataOf(html), path).toBeUndefined();
      expect(html, path).not.toContain("Можно ли расторгнуть");
    };
    await gone("/share/AAAAAAAAAAAAAAAAAAAAAA", 404);
    await gone("/share/not*a*hash", 404);
    await share({ expires_in: "1d" });
    await env.DB.prepare("UPDATE topics SET share_expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, topic)
      .run();
    await gone(`/share/${hash}`, 410);
    await share({ expires_in: "never" });
    expect((await openPage(`/share/${hash}`)).status).toBe(200);
    expect((await call(`/topics/${topic}/share`, { method: "DELETE", headers })).status).toBe(204);
    await gone(`/share/${hash}`, 404);
  });
});
