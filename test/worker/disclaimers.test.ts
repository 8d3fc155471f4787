import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUOTAS } from "../../worker/settings";
import { authHeaders, call, createAdmin, detailOf, registerUser, type AuthRecord } from "./helpers";
import {
  acceptTerms,
  availableRequests,
  savedMessages,
  sendMessage,
  splitTopicLine,
  startTopic,
  StreamReader,
  type Account,
} from "./streams-helpers";

// Tests in this file share one database and run in order: the ones that publish new versions of
// the terms come last, and each re-reads what it needs.

type Disclaimer = { assistant_type: string; text: string; version: number; accepted: boolean };

const NOT_ACCEPTED = "Примите условия использования режима";
const admin = await createAdmin();

async function disclaimersOf(record: AuthRecord): Promise<Disclaimer[]> {
  const res = await call("/disclaimers/", { headers: authHeaders(record) });
  expect(res.status).toBe(200);
  return (await res.json()) as Disclaimer[];
}

const accept = (record: AuthRecord, type: string, version?: number) =>
  call(`/disclaimers/${type}/accept`, {
    method: "POST",
    headers: authHeaders(record),
    ...(version !== undefined && { json: { version } }),
  });

// Every call says whom it is for (target "all"); the refusals without it are in bulk-target.test.ts.
const setForAll = (json?: Record<string, unknown>, record: AuthRecord = admin.record) =>
  call("/disclaimers/set_for_all/", { method: "POST", headers: authHeaders(record), json: { target: "all", ...json } });

const topicsOf = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM topics WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

async function sendsThrough(account: Account, assistantType: string): Promise<void> {
  const res = await startTopic(account, "Вопрос после согласия", { assistantType });
  const { reply } = splitTopicLine(await new StreamReader(res).rest());
  expect(reply.length).toBeGreaterThan(0);
}

describe("GET /disclaimers/", () => {
  it("lists the seeded Russian terms of the law and real-estate modes, not yet accepted", async () => {
    const { record } = await registerUser();
    const list = await disclaimersOf(record);
    expect(list.map((d) => [d.assistant_type, d.version, d.accepted])).toEqual([
      ["explain_estate", 1, false],
      ["explain_law", 1, false],
    ]);
    const law = list.find((d) => d.assistant_type === "explain_law")!;
    expect(law.text).toContain("не юрист");
    expect(law.text).toContain("справочный характер");
    expect(list.find((d) => d.assistant_type === "explain_estate")!.text).toContain("не риелтор");
  });

  it("needs a signed-in user", async () => {
    expect((await call("/disclaimers/")).status).toBe(401);
    expect((await call("/disclaimers/explain_law/accept", { method: "POST" })).status).toBe(401);
  });
});

describe("the first message in a mode with terms", () => {
  it.each(["explain_law", "explain_estate"])(
    "%s: refused with 403 until accepted, taking no request and leaving no topic",
    async (mode) => {
      const account = await registerUser();
      const res = await startTopic(account, "Можно ли вернуть товар?", { assistantType: mode });
      expect(res.status).toBe(403);
      expect(await detailOf(res)).toBe(NOT_ACCEPTED);
      expect(await availableRequests(account)).toBe(QUOTAS.startRequests);
      expect(await topicsOf(account.userId)).toBe(0);

      const accepted = await accept(account.record, mode);
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ assistant_type: mode, version: 1, accepted: true });
      expect((await disclaimersOf(account.record)).find((d) => d.assistant_type === mode)!.accepted).toBe(true);
      await sendsThrough(account, mode);
      expect(await availableRequests(account)).toBe(QUOTAS.startRequests - 1);
    },
  );

  it("a mode without terms needs nothing", async () => {
    const account = await registerUser();
    await sendsThrough(account, "gpt");
  });

  it("also guards a topic made empty by /topics/new: its first message is refused, nothing saved", async () => {
    const account = await registerUser();
    const made = await call("/topics/new?assistant_type=explain_law", {
      method: "POST",
      headers: authHeaders(account.record),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const res = await call(`/topics/${id}/start/stream/`, {
      headers: authHeaders(account.record),
      json: { text: "Первый вопрос", attachments: [] },
    });
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe(NOT_ACCEPTED);
    expect(await savedMessages(id)).toEqual([]);
    expect(await availableRequests(account)).toBe(QUOTAS.startRequests);
  });

  it("accepting one mode does not accept the other", async () => {
    const account = await registerUser();
    await acceptTerms(account, "explain_law");
    const res = await startTopic(account, "Сколько стоит квартира?", { assistantType: "explain_estate" });
    expect(res.status).toBe(403);
  });
});

describe("POST /disclaimers/{assistantType}/accept", () => {
  it("a mode without terms is 404; accepting twice is harmless", async () => {
    const { record, userId } = await registerUser();
    for (const mode of ["gpt", "нет-такого"]) {
      const res = await accept(record, mode);
      expect(res.status).toBe(404);
      expect(await detailOf(res)).toBe("У этого режима нет условий использования");
    }
    expect((await accept(record, "explain_law")).status).toBe(200);
    expect((await accept(record, "explain_law")).status).toBe(200);
    const rows = await env.DB.prepare("SELECT assistant_type, version FROM disclaimer_acceptances WHERE user_id = ?")
      .bind(userId)
      .all();
    expect(rows.results).toEqual([{ assistant_type: "explain_law", version: 1 }]);
  });

  it("with the version shown: the current one is taken, an old one is 409 and accepts nothing", async () => {
    const { record } = await registerUser();
    const [estate] = await disclaimersOf(record);
    const stale = await accept(record, estate!.assistant_type, estate!.version + 5);
    expect(stale.status).toBe(409);
    expect(await detailOf(stale)).toBe("Условия использования изменились: прочитайте их ещё раз");
    expect((await disclaimersOf(record))[0]!.accepted).toBe(false);
    expect((await accept(record, estate!.assistant_type, estate!.version)).status).toBe(200);
    const bad = await accept(record, estate!.assistant_type, "два" as unknown as number);
    expect(bad.status).toBe(422);
  });
});

describe("POST /disclaimers/set_for_all/", () => {
  it("is for admins only", async () => {
    const { record } = await registerUser();
    const res = await setForAll({}, record);
    expect(res.status).toBe(403);
    expect(await detailOf(res)).toBe("Недостаточно прав");
  });

  it("validates: a text needs a mode; a mode without terms needs a text", async () => {
    const textOnly = await setForAll({ text: "Новые условия" });
    expect(textOnly.status).toBe(422);
    expect(await detailOf(textOnly)).toEqual([
      expect.objectContaining({
        loc: ["body", "assistant_type"],
        msg: "Новый текст задаётся для одного режима: укажите assistant_type",
      }),
    ]);
    const noTerms = await setForAll({ assistant_type: "explain_img" });
    expect(noTerms.status).toBe(422);
    expect(await detailOf(noTerms)).toEqual([expect.objectContaining({ loc: ["body", "text"] })]);
    const unknown = await setForAll({ assistant_type: "cooking", text: "…" });
    expect(unknown.status).toBe(422);
  });

  it(
    'with only target "all": every mode gets a new version and everyone accepts again before the next ' + "message",
    async () => {
      const account = await registerUser();
      await acceptTerms(account, "explain_law", "explain_estate");
      const topic = splitTopicLine(await new StreamReader(await startTopic(account, "Первый вопрос")).rest()).topicId;
      const before = await disclaimersOf(account.record);

      const res = await setForAll();
      expect(res.status).toBe(200);
      const after = (await res.json()) as Disclaimer[];
      expect(after.map((d) => d.version)).toEqual(before.map((d) => d.version + 1));
      expect((await disclaimersOf(account.record)).every((d) => !d.accepted)).toBe(true);

      // Even in a topic that already has messages.
      const left = await availableRequests(account);
      const refused = await sendMessage(account, topic, "Второй вопрос");
      expect(refused.status).toBe(403);
      expect(await detailOf(refused)).toBe(NOT_ACCEPTED);
      expect(await availableRequests(account)).toBe(left);

      await acceptTerms(account, "explain_law");
      await new StreamReader(await sendMessage(account, topic, "Второй вопрос")).rest();
      expect((await savedMessages(topic)).filter((m) => m.role === "user")).toHaveLength(2);
    },
  );

  it("with a mode and a text: that mode's text and version change, the other mode stays accepted", async () => {
    const account = await registerUser();
    await acceptTerms(account, "explain_law", "explain_estate");
    const res = await setForAll({ assistant_type: "explain_estate", text: "  Новые условия режима «Недвижимость».  " });
    expect(res.status).toBe(200);
    const list = await disclaimersOf(account.record);
    expect(list.find((d) => d.assistant_type === "explain_estate")).toMatchObject({
      text: "Новые условия режима «Недвижимость».",
      accepted: false,
    });
    expect(list.find((d) => d.assistant_type === "explain_law")!.accepted).toBe(true);
    await sendsThrough(account, "explain_law");
    expect((await startTopic(account, "Вопрос о квартире", { assistantType: "explain_estate" })).status).toBe(403);
  });

  it("gives terms to a mode that had none", async () => {
    const account = await registerUser();
    const res = await setForAll({ assistant_type: "gpt", text: "Условия свободного режима." });
    expect(res.status).toBe(200);
    expect((await disclaimersOf(account.record)).find((d) => d.assistant_type === "gpt")).toEqual({
      assistant_type: "gpt",
      text: "Условия свободного режима.",
      version: 1,
      accepted: false,
    });
    expect((await startTopic(account, "Привет", { assistantType: "gpt" })).status).toBe(403);
    await acceptTerms(account, "gpt");
    await sendsThrough(account, "gpt");
  });
});
