import { describe, expect, it } from "vitest";
import { feedbackSchema } from "../../worker/conversations/schemas";
import { authHeaders, call, createAdmin, detailOf, registerUser } from "./helpers";
import { countRows, insertMessage, insertTopic } from "./topics-db";

// docs/conversations.md "Feedback": 👍/👎 with an optional comment on the caller's own replies;
// docs/operations.md: admins read them per mode and model.

const path = (topicId: number, messageId: number) => `/topics/${topicId}/messages/${messageId}/feedback`;

async function reply(assistantType = "explain_law", model = "demo") {
  const user = await registerUser();
  const topicId = await insertTopic(user.userId, { assistantType });
  const questionId = await insertMessage(topicId, "user", "Что с договором?");
  const replyId = await insertMessage(topicId, "assistant", "Вот что", { model });
  return { user, headers: authHeaders(user.record), topicId, questionId, replyId };
}

describe("POST /topics/{id}/messages/{messageId}/feedback", () => {
  it("rates a reply, with a comment, and a second rating replaces the first", async () => {
    const { headers, topicId, replyId } = await reply();
    const first = await call(path(topicId, replyId), {
      headers,
      json: { rating: "down", comment: "  Не про мой случай  " },
    });
    expect(first.status).toBe(200);
    const rated = feedbackSchema.parse(await first.json());
    expect(rated).toMatchObject({ message_id: replyId, rating: "down", comment: "Не про мой случай" });

    const second = await call(path(topicId, replyId), { headers, json: { rating: "up" } });
    expect(feedbackSchema.parse(await second.json())).toMatchObject({ rating: "up", comment: null });
    expect(
      await countRows(
        "SELECT count(*) AS n FROM message_feedback WHERE topic_id = ? AND message_id = ?",
        topicId,
        replyId,
      ),
    ).toBe(1);
  });

  it("refuses a question (422), a bad rating and a long comment (422, in Russian), leaving nothing", async () => {
    const { headers, topicId, questionId, replyId } = await reply();
    const question = await call(path(topicId, questionId), { headers, json: { rating: "up" } });
    expect(question.status).toBe(422);
    expect(await detailOf(question)).toBe("Оценить можно только ответ ассистента");

    const bad = await call(path(topicId, replyId), { headers, json: { rating: "meh" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await detailOf(bad))).toContain("Оценка: up или down");

    const long = await call(path(topicId, replyId), { headers, json: { rating: "up", comment: "а".repeat(2001) } });
    expect(long.status).toBe(422);
    expect(JSON.stringify(await detailOf(long))).toContain("не длиннее 2000 символов");

    const notAnObject = await call(path(topicId, replyId), { headers, json: ["up"] });
    expect(notAnObject.status).toBe(422);
    expect(await countRows("SELECT count(*) AS n FROM message_feedback WHERE topic_id = ?", topicId)).toBe(0);
  });

  it("answers 404 for another user's reply, a reply of another topic and an unknown one", async () => {
    const own = await reply();
    const other = await reply();
    const foreign = await call(path(other.topicId, other.replyId), { headers: own.headers, json: { rating: "up" } });
    expect(foreign.status).toBe(404);
    expect(await detailOf(foreign)).toBe("Чат не найден");
    // A reply of the same user's other topic (message ids are unique within a history shard only).
    const second = await insertTopic(own.user.userId);
    await insertMessage(second, "user", "Другой вопрос");
    const secondReply = await insertMessage(second, "assistant", "Другой ответ");
    const elsewhere = await call(path(own.topicId, secondReply), { headers: own.headers, json: { rating: "up" } });
    expect(elsewhere.status).toBe(404);
    expect(await detailOf(elsewhere)).toBe("Сообщение не найдено");
    expect((await call(path(own.topicId, 999_999_999), { headers: own.headers, json: { rating: "up" } })).status).toBe(
      404,
    );
    expect(
      await countRows(
        "SELECT count(*) AS n FROM message_feedback WHERE topic_id IN (?, ?, ?)",
        own.topicId,
        other.topicId,
        second,
      ),
    ).toBe(0);
  });

  it("the owner's history says how each reply was rated; a share link's readers do not see it", async () => {
    const { headers, topicId, questionId, replyId } = await reply();
    await call(path(topicId, replyId), { headers, json: { rating: "down" } });
    const history = (await (await call(`/topics/${topicId}/history`, { headers })).json()) as {
      id: number;
      feedback: string | null;
    }[];
    expect(history.map((m) => [m.id, m.feedback])).toEqual([
      [questionId, null],
      [replyId, "down"],
    ]);
    const { hash } = (await (await call(`/topics/${topicId}/share`, { method: "POST", headers })).json()) as {
      hash: string;
    };
    const shared = (await (await call(`/share/topic/history/${hash}`)).json()) as { messages: object[] };
    expect(shared.messages.map((m) => "feedback" in m)).toEqual([false, false]);
  });

  it("needs a signed-in caller", async () => {
    const { topicId, replyId } = await reply();
    expect((await call(path(topicId, replyId), { json: { rating: "up" } })).status).toBe(401);
  });

  it("DELETE takes the rating back (again is fine); the rating goes with its topic", async () => {
    const { headers, topicId, replyId } = await reply();
    await call(path(topicId, replyId), { headers, json: { rating: "up" } });
    expect((await call(path(topicId, replyId), { method: "DELETE", headers })).status).toBe(204);
    expect((await call(path(topicId, replyId), { method: "DELETE", headers })).status).toBe(204);
    expect(
      await countRows(
        "SELECT count(*) AS n FROM message_feedback WHERE topic_id = ? AND message_id = ?",
        topicId,
        replyId,
      ),
    ).toBe(0);

    await call(path(topicId, replyId), { headers, json: { rating: "down" } });
    expect((await call(`/topics/${topicId}`, { method: "DELETE", headers })).ok).toBe(true);
    expect(
      await countRows(
        "SELECT count(*) AS n FROM message_feedback WHERE topic_id = ? AND message_id = ?",
        topicId,
        replyId,
      ),
    ).toBe(0);
  });
});

describe("GET /statistics/feedback", () => {
  it("counts the ratings per mode and model for the days asked", async () => {
    const admin = await createAdmin();
    const model = `model-${crypto.randomUUID()}`;
    const law = [
      await reply("explain_law", model),
      await reply("explain_law", model),
      await reply("explain_law", model),
    ];
    const estate = await reply("explain_estate", model);
    for (const [r, rating] of [
      [law[0]!, "up"],
      [law[1]!, "up"],
      [law[2]!, "down"],
      [estate, "down"],
    ] as const) {
      expect((await call(path(r.topicId, r.replyId), { headers: r.headers, json: { rating } })).status).toBe(200);
    }
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const res = await call(`/statistics/feedback?from=${today}&to=${today}`, { headers: authHeaders(admin.record) });
    expect(res.status).toBe(200);
    const rows = ((await res.json()) as { assistant_type: string; model: string; up: number; down: number }[]).filter(
      (r) => r.model === model,
    );
    expect(rows).toEqual([
      { assistant_type: "explain_estate", model, up: 0, down: 1 },
      { assistant_type: "explain_law", model, up: 2, down: 1 },
    ]);

    const earlier = await call(`/statistics/feedback?from=2020-01-01&to=2020-01-02`, {
      headers: authHeaders(admin.record),
    });
    expect(((await earlier.json()) as { model: string }[]).filter((r) => r.model === model)).toEqual([]);
  });
});
