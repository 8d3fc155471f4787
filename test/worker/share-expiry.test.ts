import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { authHeaders, call, detailOf, registerUser } from "./helpers";
import { insertMessage, insertTopic } from "./topics-db";

// docs/privacy.md "Sharing": a share link can expire (1, 7, 30 days or never), and the owner
// chooses whether its readers see the values the privacy guard hid.

const DAY = 24 * 60 * 60 * 1000;

async function ownTopic() {
  const { record, userId } = await registerUser();
  const headers = authHeaders(record);
  const topic = await insertTopic(userId, { topicName: "Сделка", assistantType: "explain_estate" });
  await insertMessage(topic, "user", "Вопрос о сделке");
  await insertMessage(topic, "assistant", "Ответ о сделке");
  const share = (json?: unknown) => call(`/topics/${topic}/share`, { headers, json: json ?? {} });
  return { topic, headers, share };
}

const read = (hash: string) => call(`/share/topic/history/${hash}`);

describe("share link settings", () => {
  it("a first share never expires and shows placeholders; the answer says so", async () => {
    const { share } = await ownTopic();
    const res = await share();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      hash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      expires_at: null,
      reveal: false,
    });
  });

  it.each([
    ["1d", 1],
    ["7d", 7],
    ["30d", 30],
  ])("expires_in %s sets the end %i days from now; the same hash; reveal kept", async (expiresIn, days) => {
    const { share } = await ownTopic();
    const first = (await (await share({ reveal: true })).json()) as { hash: string };
    const before = Date.now();
    const res = await share({ expires_in: expiresIn });
    const link = (await res.json()) as { hash: string; expires_at: string; reveal: boolean };
    expect(link.hash).toBe(first.hash);
    expect(link.reveal).toBe(true);
    const end = Date.parse(link.expires_at);
    expect(end).toBeGreaterThanOrEqual(before + days * DAY);
    expect(end).toBeLessThanOrEqual(Date.now() + days * DAY);
    expect((await read(link.hash)).status).toBe(200);
    // "never" takes the end away again.
    expect(((await (await share({ expires_in: "never" })).json()) as { expires_at: null }).expires_at).toBeNull();
  });

  it("an expired link answers 410 and says so, its files 404, and the owner can extend it", async () => {
    const { topic, share } = await ownTopic();
    const { hash } = (await (await share({ expires_in: "1d" })).json()) as { hash: string };
    await env.DB.prepare("UPDATE topics SET share_expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, topic)
      .run();
    const gone = await read(hash);
    expect(gone.status).toBe(410);
    expect(await detailOf(gone)).toBe("Срок действия ссылки истёк");
    expect((await call(`/share/${hash}/attachments/1`)).status).toBe(404);
    await share({ expires_in: "7d" });
    expect((await read(hash)).status).toBe(200);
  });

  it("the edge's copy of a shared history is not served past the link's end", async () => {
    const { topic, share } = await ownTopic();
    const { hash } = (await (await share({ expires_in: "1d" })).json()) as { hash: string };
    expect((await read(hash)).status).toBe(200);
    // The copy says when the link ends: move the end into the past both in D1 and for the copy's
    // reader by changing the link (which purges) and then ending it straight in D1.
    await env.DB.prepare("UPDATE topics SET share_expires_at = ? WHERE id = ?")
      .bind(Date.now() + 1500, topic)
      .run();
    await share({ reveal: false });
    expect((await read(hash)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await read(hash)).status).toBe(410);
  });

  it("refuses a lifetime that is not offered, and another user's topic", async () => {
    const { topic, share } = await ownTopic();
    const bad = await share({ expires_in: "2d" });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await detailOf(bad))).toContain("expires_in: 1d, 7d, 30d или never");
    expect((await share({ reveal: "да" })).status).toBe(422);
    const stranger = await registerUser();
    expect(
      (await call(`/topics/${topic}/share`, { headers: authHeaders(stranger.record), json: { expires_in: "1d" } }))
        .status,
    ).toBe(404);
  });
});

describe("the privacy guard per mode", () => {
  it("is on in every mode until the user turns it off in one; another user's stays on", async () => {
    const { record } = await registerUser();
    const headers = authHeaders(record);
    const initial = (await (await call("/privacy/settings", { headers })).json()) as {
      assistant_type: string;
      enabled: boolean;
    }[];
    expect(initial.length).toBeGreaterThanOrEqual(4);
    expect(initial.every((s) => s.enabled)).toBe(true);
    const off = await call("/privacy/settings/explain_law", { method: "PUT", headers, json: { enabled: false } });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ assistant_type: "explain_law", enabled: false });
    const after = (await (await call("/privacy/settings", { headers })).json()) as {
      assistant_type: string;
      enabled: boolean;
    }[];
    expect(after.find((s) => s.assistant_type === "explain_law")?.enabled).toBe(false);
    expect(after.filter((s) => s.assistant_type !== "explain_law").every((s) => s.enabled)).toBe(true);

    const other = await registerUser();
    const theirs = (await (await call("/privacy/settings", { headers: authHeaders(other.record) })).json()) as {
      enabled: boolean;
    }[];
    expect(theirs.every((s) => s.enabled)).toBe(true);

    const unknown = await call("/privacy/settings/no_such_mode", { method: "PUT", headers, json: { enabled: false } });
    expect(unknown.status).toBe(422);
    expect(await detailOf(unknown)).toBe("Неизвестный режим ассистента");
    expect((await call("/privacy/settings/explain_law", { method: "PUT", headers, json: {} })).status).toBe(422);
    expect((await call("/privacy/settings")).status).toBe(401);
  });
});
