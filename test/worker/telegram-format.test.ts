import { describe, expect, it } from "vitest";
import { MESSAGE_LIMIT, toTelegramHtml } from "../../worker/telegram/format";
import { utmOfPayload } from "../../worker/telegram/handlers/start";

describe("the model's Markdown as Telegram HTML", () => {
  it("turns bold, italic, inline code, links, headings and lists into Telegram's tags, escaping the rest", () => {
    const [html] = toTelegramHtml(
      "## Итог\nСтатья **330** ГК и *неустойка*: `x < 2 && y > 1`.\n- первое\n* второе\n1. [Закон](https://example.test/a)",
    );
    expect(html).toBe(
      "<b>Итог</b>\nСтатья <b>330</b> ГК и <i>неустойка</i>: <code>x &lt; 2 &amp;&amp; y &gt; 1</code>.\n" +
        '• первое\n• второе\n1. <a href="https://example.test/a">Закон</a>',
    );
  });

  it("keeps fenced code as pre with its language, unformatted, even when the fence is not closed yet", () => {
    expect(toTelegramHtml("Код:\n```js\nconst a = **b**;\n```\nГотово")).toEqual([
      'Код:\n<pre><code class="language-js">const a = **b**;</code></pre>\nГотово',
    ]);
    expect(toTelegramHtml("```\nif (a < b)")).toEqual(["<pre>if (a &lt; b)</pre>"]);
  });

  it("shows a table as preformatted text without its separator row", () => {
    expect(toTelegramHtml("| Срок | Дни |\n|---|:--:|\n| Иск | 30 |\nКонец")).toEqual([
      "<pre>| Срок | Дни |\n| Иск | 30 |</pre>\nКонец",
    ]);
  });

  it("splits a long reply into messages of at most 4096 characters, between blocks and inside long ones", () => {
    const paragraph = "Слово ".repeat(150).trim();
    const code = `\`\`\`\n${"строка кода\n".repeat(500)}\`\`\``;
    const parts = toTelegramHtml(
      [paragraph, paragraph, paragraph, paragraph, paragraph, code, "А".repeat(9000)].join("\n"),
    );
    expect(parts.length).toBeGreaterThan(4);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    const pre = parts.filter((p) => p.includes("<pre>"));
    expect(pre.length).toBeGreaterThan(1);
    for (const p of pre) expect(p.split("<pre>").length).toBe(p.split("</pre>").length);
    expect(parts.join("").replaceAll(/<[^>]+>|\s/g, "")).toContain("А".repeat(4000));
  });
});

describe("a deep link's payload", () => {
  it("gives the UTM tags in order, split by a double underscore; no source, no tags", () => {
    expect(utmOfPayload("vk__cpc__spring")).toEqual({ source: "vk", medium: "cpc", campaign: "spring" });
    expect(utmOfPayload("ya____autumn__banner-1__law")).toEqual({
      source: "ya",
      campaign: "autumn",
      content: "banner-1",
      term: "law",
    });
    expect(utmOfPayload("__cpc")).toBeNull();
  });
});
