import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { moscowDayOf } from "../../worker/operations/services/activity";
import { makeOggOpus } from "./fixtures/audio";
import { uploadOk } from "./fixtures/uploads";
import { useFakeOpenAI } from "./fakes/openai";
import { authHeaders, call, createAdmin, detailOf, type AuthRecord } from "./helpers";
import { newAccount, sendMessage, splitTopicLine, startTopic, StreamReader, type Account } from "./streams-helpers";

// What each request costs (docs/operations.md "Costs"): the fake model reports usage as OpenAI's
// Chat Completions API does, the Worker stores it with the reply and prices it, and the admin
// statistics add it up.

const fake = useFakeOpenAI();
const admin = await createAdmin();

type UsageRow = {
  kind: string;
  user_id: number | null;
  topic_id: number | null;
  shard: number | null;
  message_id: number | null;
  assistant_type: string | null;
  plan: string | null;
  provider: string;
  model: string;
  input_tokens: number | null;
  output_tokens: number | null;
  cached_tokens: number | null;
  audio_seconds: number | null;
  estimated: number;
  context_cut: number;
  output_limited: number;
  cost: number | null;
};
const usageOf = async (where: string, value: number) =>
  (await env.DB.prepare(`SELECT * FROM model_usage WHERE ${where} = ? ORDER BY id`).bind(value).all<UsageRow>())
    .results;

const saved = { AI_PRICES: env.AI_PRICES, USD_RUB_RATE: env.USD_RUB_RATE, OPENAI_MODEL: env.OPENAI_MODEL };
/** Each test's own model id, so its rows of the statistics are its own. */
let model = "";
beforeEach(() => {
  model = `fake-costs-${crypto.randomUUID().slice(0, 8)}`;
  env.OPENAI_MODEL = model;
  // Dollars per million tokens and per minute, at 80 ₽ to the dollar.
  env.AI_PRICES = JSON.stringify({
    [model]: { currency: "USD", input: 2.5, cached: 1.25, output: 10 },
    whisper: { currency: "RUB", minute: 1.2 },
  });
  env.USD_RUB_RATE = "80";
});
afterEach(() => {
  Object.assign(env, saved);
  env.AI_CONTEXT_TOKENS = "24000";
});

/** A new topic answered by the fake model with `usage`, read to the end; answers its id. */
async function answered(account: Account, question: string, finish: Parameters<typeof driveReply>[1] = {}) {
  const response = startTopic(account, question, { assistantType: "gpt" });
  await driveReply(await fake.nextCompletion(), finish);
  return splitTopicLine(await new StreamReader(await response).rest()).topicId;
}
async function driveReply(
  completion: Awaited<ReturnType<typeof fake.nextCompletion>>,
  { reason = "stop", usage = { prompt: 1200, cached: 1000, completion: 300 } } = {},
) {
  completion.send("Ответ ").send("модели.");
  completion.finish(reason, usage);
}

const today = () => moscowDayOf(Date.now());
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
/** A range around today: a test that runs across Moscow midnight still finds its rows. */
const around = () => `from=${shiftDay(today(), -1)}&to=${shiftDay(today(), 1)}`;
const costs = (query: string, record: AuthRecord = admin.record) =>
  call(`/statistics/costs?${query}`, { headers: authHeaders(record) });

describe("a reply's usage and cost", () => {
  it("stores the tokens the provider reported, the model and provider, and the cost at AI_PRICES", async () => {
    const account = await newAccount();
    const topicId = await answered(account, "Сколько стоит этот ответ?");
    // The provider asks for the usage: OpenAI sends it only with stream_options.include_usage.
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });

    const [row] = await usageOf("topic_id", topicId);
    expect(row).toMatchObject({
      kind: "reply",
      user_id: account.userId,
      assistant_type: "gpt",
      plan: "start",
      provider: "openai",
      model,
      input_tokens: 1200,
      cached_tokens: 1000,
      output_tokens: 300,
      estimated: 0,
      context_cut: 0,
      output_limited: 0,
    });
    // (200 × 2.5 + 1000 × 1.25 + 300 × 10) / 1e6 $ × 80 = 0.38 ₽.
    expect(row!.cost).toBe(0.38);
    const shard = (env as unknown as Record<string, D1Database>)[`HISTORY_${row!.shard}`]!;
    const reply = await shard
      .prepare("SELECT id FROM messages WHERE topic_id = ? AND role = 'assistant'")
      .bind(topicId)
      .first<{ id: number }>();
    expect(row!.message_id).toBe(reply!.id);
  });

  it("counts a reply that ran to the output limit and one whose context was cut", async () => {
    const account = await newAccount();
    const topicId = await answered(account, "Длинный вопрос. ".repeat(600), { reason: "length" });
    // The second turn's window holds the first reply and the new question, not the long first question.
    env.AI_CONTEXT_TOKENS = "4000";
    const response = sendMessage(account, topicId, "А короче?");
    await driveReply(await fake.nextCompletion());
    await new StreamReader(await response).rest();
    expect(fake.requests[1]!.body.messages.map((m) => m.role)).toEqual(["system", "assistant", "user"]);

    const rows = await usageOf("topic_id", topicId);
    expect(rows.map((r) => [r.output_limited, r.context_cut])).toEqual([
      [1, 0],
      [0, 1],
    ]);

    const res = await costs(around());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: Record<string, unknown>[] };
    const mine = body.rows.filter((r) => r.model === model);
    expect(mine).toEqual([
      expect.objectContaining({
        assistant_type: "gpt",
        plan: "start",
        requests_used: 2,
        model_cost: 0.76,
        revenue: 0,
        margin: -0.76,
        context_cut: 1,
        output_limited: 1,
        input_tokens: 2400,
        cached_tokens: 2000,
        output_tokens: 600,
      }),
    ]);
  });

  it("estimates the tokens of a reply the provider reported none for, and prices them", async () => {
    const account = await newAccount();
    const response = startTopic(account, "Вопрос без подсчёта", { assistantType: "gpt" });
    const completion = await fake.nextCompletion();
    completion.send("Ответ, ").send("который оборвался.");
    const reader = new StreamReader(await response);
    const { topicId } = splitTopicLine(await reader.until((t) => t.endsWith("оборвался.")));
    completion.cut();
    await expect(reader.rest()).rejects.toThrow();
    const [row] = await usageOf("topic_id", topicId);
    expect(row).toMatchObject({ estimated: 1, output_tokens: Math.ceil("Ответ, который оборвался.".length / 3) });
    expect(row!.input_tokens).toBeGreaterThan(0);
    expect(row!.cost).toBeGreaterThan(0);
  });

  it("stores the demo model's usage as it reports it, priced by the local settings", async () => {
    env.AI_PROVIDER = "demo";
    env.AI_PRICES = saved.AI_PRICES;
    const account = await newAccount();
    const res = await startTopic(account, "Что покажет демо?", { assistantType: "gpt" });
    const { topicId, reply } = splitTopicLine(await new StreamReader(res).rest());
    const [row] = await usageOf("topic_id", topicId);
    // Its own count: output as the words it streamed, input from its prompt; not an estimate.
    expect(row).toMatchObject({ provider: "demo", model: "yasno-demo", estimated: 0, cached_tokens: 0 });
    expect(row!.output_tokens).toBe(reply.match(/\s*\S+/g)!.length);
    expect(row!.input_tokens).toBeGreaterThan(0);
    // wrangler.toml's made-up rubles for the demo: 30 ₽ a million input tokens, 120 ₽ output.
    expect(row!.cost).toBe(Math.round(((row!.input_tokens! * 30 + row!.output_tokens! * 120) / 1e6) * 100) / 100);
    expect(row!.cost).toBeGreaterThan(0);
  });

  it("stores a transcription's seconds and cost", async () => {
    env.STT_PROVIDER = "openai";
    env.OPENAI_STT_MODEL = "whisper";
    try {
      const account = await newAccount();
      const { attachment_id: id } = await uploadOk(account.record, makeOggOpus(3), "вопрос.ogg");
      const res = await call(`/attachments/${id}/transcribe`, { method: "POST", headers: authHeaders(account.record) });
      expect(res.status).toBe(200);
      // The fake service measures 3.5 s: 3.5 / 60 × 1.2 ₽ = 0.07 ₽.
      expect(await usageOf("attachment_id", id)).toEqual([
        expect.objectContaining({
          kind: "transcription",
          user_id: account.userId,
          provider: "openai",
          model: "whisper",
          audio_seconds: 3.5,
          cost: 0.07,
        }),
      ]);
    } finally {
      env.STT_PROVIDER = "demo";
    }
  });
});

describe("GET /statistics/costs", () => {
  it("answers the rows, the sales and the most expensive users and chats", async () => {
    const account = await newAccount();
    const topicId = await answered(account, "Дорогой вопрос", {
      usage: { prompt: 100_000, cached: 0, completion: 10_000 },
    });
    const plan = `План ${crypto.randomUUID().slice(0, 6)}`;
    const subscription = await env.DB.prepare(
      "SELECT id, requests_limit FROM subscriptions ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      requests_limit: number;
    }>();
    await env.DB.prepare(
      "INSERT INTO payments (id, user_id, subscription_id, amount_kopecks, provider, status, plan_name) " +
        "VALUES (?, ?, ?, 49900, 'sandbox', 'succeeded', ?)",
    )
      .bind(crypto.randomUUID(), account.userId, subscription!.id, plan)
      .run();

    const body = (await (await costs(around())).json()) as {
      rows: Record<string, unknown>[];
      top_users: Record<string, unknown>[];
      top_chats: Record<string, unknown>[];
    };
    // (100,000 × 2.5 + 10,000 × 10) / 1e6 $ × 80 = 28 ₽.
    expect(body.rows.filter((r) => r.model === model)).toEqual([
      expect.objectContaining({ requests_used: 1, model_cost: 28, margin: -28, requests_sold: 0 }),
    ]);
    expect(body.rows.filter((r) => r.plan === plan)).toEqual([
      expect.objectContaining({
        assistant_type: null,
        model: null,
        requests_sold: subscription!.requests_limit,
        requests_used: 0,
        revenue: 499,
        margin: 499,
        model_cost: 0,
      }),
    ]);
    expect(body.top_users[0]).toEqual({ user_id: account.userId, email: account.email, requests: 1, model_cost: 28 });
    expect(body.top_chats[0]).toEqual({
      topic_id: topicId,
      user_id: account.userId,
      assistant_type: "gpt",
      requests: 1,
      model_cost: 28,
    });
  });

  it("answers CSV for the accountant: UTF-8 with a BOM, ';' between cells, a decimal comma", async () => {
    const account = await newAccount();
    await answered(account, "Вопрос для бухгалтерии");
    const res = await costs(`${around()}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="costs-\d{4}-\d{2}-\d{2}-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]!.split(";").slice(0, 9)).toEqual([
      "Дата",
      "Режим",
      "Модель",
      "Пакет",
      "Продано запросов",
      "Использовано запросов",
      "Стоимость модели, ₽",
      "Выручка, ₽",
      "Маржа, ₽",
    ]);
    const mine = lines.find((line) => line.includes(model))!.split(";");
    expect(mine.slice(1, 9)).toEqual(["gpt", model, "start", "0", "1", "0,38", "0", "-0,38"]);
    expect(lines.at(-1)).toBe("");
  });

  it("is described in the OpenAPI document: its query, both answers' media types and the JSON's schema", async () => {
    type Operation = {
      parameters: { name: string; in: string; required?: boolean }[];
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, { get?: Operation }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const operation = doc.paths["/api/v2/statistics/costs"]?.get;
    expect(operation).toBeDefined();
    expect(operation!.parameters.map((p) => [p.name, p.in, p.required ?? false])).toEqual(
      expect.arrayContaining([
        ["from", "query", true],
        ["to", "query", true],
        ["format", "query", false],
      ]),
    );
    const ok = operation!.responses["200"]!.content!;
    expect(Object.keys(ok).sort()).toEqual(["application/json", "text/csv"]);
    expect(ok["application/json"]!.schema.$ref).toBe("#/components/schemas/CostStatistics");
    expect(Object.keys(doc.components.schemas.CostRow!.properties)).toEqual(
      expect.arrayContaining(["requests_sold", "requests_used", "model_cost", "revenue", "margin"]),
    );
    expect(Object.keys(operation!.responses).sort()).toEqual(expect.arrayContaining(["401", "403", "422"]));
  });

  it("is for admins only", async () => {
    const account = await newAccount();
    expect((await costs(around(), account.record)).status).toBe(403);
    expect((await call(`/statistics/costs?${around()}`)).status).toBe(401);
  });

  it("refuses bad dates and formats with a Russian 422", async () => {
    for (const [query, message] of [
      ["from=2026-02-30&to=2026-03-01", "from: такой даты нет"],
      ["from=2026-03-02&to=2026-03-01", "from не может быть позже to"],
      ["from=01.03.2026&to=2026-03-01", "from: дата в виде ГГГГ-ММ-ДД"],
      ["to=2026-03-01", "Укажите from (ГГГГ-ММ-ДД)"],
      ["from=2025-01-01&to=2026-03-01", "Не больше 366 дней за раз"],
      ["from=2026-03-01&to=2026-03-01&format=xml", "format: json или csv"],
    ] as const) {
      const res = await costs(query);
      expect(res.status, query).toBe(422);
      expect(JSON.stringify(await detailOf(res)), query).toContain(message);
    }
  });
});
