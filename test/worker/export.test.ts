import { describe, expect, it } from "vitest";
import { exportFilename } from "../../worker/conversations/services/export";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { insertAttachment, insertMessage, insertTopic } from "./topics-db";

// docs/conversations.md "Export": GET /topics/{id}/export?format=md, a Markdown download named
// after the topic.

async function topicWithHistory(topicName: string | null = "Аренда: договор") {
  const user = await registerUser();
  const topicId = await insertTopic(user.userId, { topicName, assistantType: "explain_law" });
  const question = await insertMessage(topicId, "user", "Можно ли расторгнуть договор аренды?");
  await insertAttachment(user.userId, question, { filename: "договор.pdf" });
  await insertMessage(topicId, "assistant", "Да, **можно**:\n\n| Кто | Когда |\n|---|---|\n| Арендатор | Всегда |");
  await insertMessage(topicId, "user", "А досрочно?");
  await insertMessage(topicId, "assistant", "Досрочно —", { state: "partial" });
  return { headers: authHeaders(user.record), topicId };
}

describe("GET /topics/{id}/export", () => {
  it("downloads the topic as Markdown named after it: title, mode and date, then each message as written", async () => {
    const { headers, topicId } = await topicWithHistory();
    const res = await call(`/topics/${topicId}/export?format=md`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      // "Аренда: договор" without the colon; Cyrillic in `filename*`, underscores for ASCII-only readers.
      `attachment; filename="______ _______.md"; filename*=UTF-8''${encodeURIComponent("Аренда договор.md")}`,
    );
    const text = await res.text();
    const lines = text.split("\n\n");
    expect(lines[0]).toBe("# Аренда: договор");
    expect(lines[1]).toMatch(/^_Режим: .+ · выгружено \d{2}\.\d{2}\.\d{4}_$/);
    expect(lines.slice(2)).toEqual([
      "## Вы",
      "_Вложения: договор.pdf_",
      "Можно ли расторгнуть договор аренды?",
      "## Ясно",
      "Да, **можно**:",
      "| Кто | Когда |\n|---|---|\n| Арендатор | Всегда |",
      "## Вы",
      "А досрочно?",
      "## Ясно",
      "Досрочно —",
      "_Ответ прерван._\n",
    ]);
  });

  it("is the default format; another format is a Russian 422", async () => {
    const { headers, topicId } = await topicWithHistory();
    expect((await call(`/topics/${topicId}/export`, { headers })).status).toBe(200);
    const pdf = await call(`/topics/${topicId}/export?format=pdf`, { headers });
    expect(pdf.status).toBe(422);
    expect(JSON.stringify(await detailOf(pdf))).toContain("Формат выгрузки: md");
  });

  it("answers 404 for another user's topic and 401 without a token", async () => {
    const { topicId } = await topicWithHistory();
    const stranger = await registerUser();
    const res = await call(`/topics/${topicId}/export`, { headers: authHeaders(stranger.record) });
    expect(res.status).toBe(404);
    expect(await detailOf(res)).toBe("Чат не найден");
    expect((await call(`/topics/${topicId}/export`)).status).toBe(401);
  });

  it("names a file safely: no separators or reserved characters, «Без названия» without a name", () => {
    expect(exportFilename(null)).toBe("Без названия.md");
    expect(exportFilename("  ../../etc/passwd  ")).toBe(".. .. etc passwd.md");
    expect(exportFilename('Вопрос: "что?"\n<ответ>')).toBe("Вопрос что ответ.md");
    expect(exportFilename("???")).toBe("Без названия.md");
    expect(exportFilename("а".repeat(300))).toHaveLength(103);
  });
});
