import { env } from "cloudflare:test";
import { streamText } from "ai";
import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, composePrompt, type PromptTurn } from "../../worker/conversations/turn/prompt";
import {
  DEMO_CONTINUATION_FALLBACK,
  DEMO_MODEL_ID,
  DemoLanguageModel,
  demoAnswer,
  demoReply,
  demoTokens,
  readPrompt,
} from "../../worker/ai/demo-model";
import { CONTINUE_REQUEST, documentBlock, modeTitleOf, systemPromptFor } from "../../worker/ai/prompts";
import { chooseModel, languageModel, MODEL_NOT_CONFIGURED } from "../../worker/ai/providers";
import type { Env } from "../../worker/env";

const withEnv = (overrides: Partial<Env>): Env => ({ ...env, ...overrides }) as Env;
const user = (text: string, extra: Partial<PromptTurn> = {}): PromptTurn => ({
  role: "user",
  text,
  documents: [],
  images: [],
  ...extra,
});
const assistant = (text: string): PromptTurn => ({ role: "assistant", text, documents: [], images: [] });
const LAW = { title: "Объясни закон", systemPrompt: "Ты — юридический помощник «Ясно»." };

async function collect(result: ReturnType<typeof streamText>) {
  const pieces: string[] = [];
  const kinds: string[] = [];
  for await (const part of result.fullStream) {
    kinds.push(part.type);
    if (part.type === "text-delta") pieces.push(part.text);
  }
  return { pieces, kinds, text: pieces.join("") };
}

describe("choosing the model", () => {
  it("the demo model whatever the mode asks for", () => {
    expect(chooseModel(withEnv({ AI_PROVIDER: "demo" }), "default", false)).toEqual({
      provider: "demo",
      modelId: DEMO_MODEL_ID,
    });
    expect(chooseModel(withEnv({ AI_PROVIDER: "demo" }), "vision", true)).toEqual({
      provider: "demo",
      modelId: DEMO_MODEL_ID,
    });
  });

  it("an OpenAI-compatible endpoint: default, vision, a concrete id; images always go to the vision model", () => {
    const openai = withEnv({ AI_PROVIDER: "openai" });
    expect(chooseModel(openai, "default", false)).toEqual({ provider: "openai", modelId: "fake-chat" });
    expect(chooseModel(openai, "vision", false)).toEqual({ provider: "openai", modelId: "fake-vision" });
    expect(chooseModel(openai, "gpt-4.1-mini", false)).toEqual({ provider: "openai", modelId: "gpt-4.1-mini" });
    expect(chooseModel(openai, "default", true)).toEqual({ provider: "openai", modelId: "fake-vision" });
    expect(
      chooseModel(withEnv({ AI_PROVIDER: "openai", OPENAI_VISION_MODEL: undefined }), "vision", true).modelId,
    ).toBe("fake-chat");
  });

  it("Workers AI through the AI binding, with its own default and vision models", () => {
    const workersAi = withEnv({ AI_PROVIDER: "workers-ai", AI: {} as Ai });
    expect(chooseModel(workersAi, "default", false)).toEqual({
      provider: "workers-ai",
      modelId: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
    });
    expect(chooseModel(workersAi, "default", true)).toEqual({
      provider: "workers-ai",
      modelId: "@cf/meta/llama-4-scout-17b-16e-instruct",
    });
  });

  it("503 with a Russian detail when the provider is unknown or lacks its settings", () => {
    for (const broken of [
      withEnv({ AI_PROVIDER: "gigachat" }),
      withEnv({ AI_PROVIDER: "openai", OPENAI_BASE_URL: undefined }),
      withEnv({ AI_PROVIDER: "openai", OPENAI_MODEL: undefined, OPENAI_VISION_MODEL: undefined }),
      withEnv({ AI_PROVIDER: "workers-ai", AI: undefined }),
    ]) {
      expect(() => chooseModel(broken, "default", false)).toThrow(MODEL_NOT_CONFIGURED);
    }
  });
});

describe("the demo model", () => {
  it("speaks to the person asking, in every part a reply renders: a table, a code block and a link", () => {
    const answer = demoAnswer({
      modeTitle: "Общий чат",
      question: "a | b\nc",
      documents: [],
      images: 0,
      earlierMessages: 0,
    });
    expect(answer).not.toMatch(/AI_PROVIDER|настройк|администратор/i);
    expect(answer).toContain("| Что получено | Значение |\n|---|---|\n| Режим | Общий чат |");
    // A "|" or a line break in the question does not break its row.
    expect(answer).toContain("| Вопрос | «a \\| b c» (7 симв.) |");
    expect(answer).toMatch(/```json\n\{\n {2}"mode": "Общий чат",[\s\S]*\n\}\n```/);
    expect(answer).toMatch(/\[[^\]]+\]\(https?:\/\/[^)]+\)/);
  });

  const prompt = composePrompt({
    system: systemPromptFor(LAW),
    turns: [
      user("Что такое аренда?"),
      assistant("Аренда — это…"),
      user("Проверь договор", {
        documents: [
          {
            filename: "договор.docx",
            text: "Договор аренды жилого помещения между Ивановым и Петровым на одиннадцать месяцев с правом продления",
          },
        ],
        images: [
          { filename: "1.png", mediaType: "image/png", bytes: new Uint8Array([1]) },
          { filename: "2.png", mediaType: "image/png", bytes: new Uint8Array([2]) },
        ],
      }),
    ],
    contextTokens: 24_000,
    maxOutputTokens: 2_048,
  });

  it("streams word by word a Russian answer that says it is the demo and shows what it received", async () => {
    const { pieces, text, kinds } = await collect(
      streamText({ model: new DemoLanguageModel(0), system: prompt.system, messages: prompt.messages }),
    );
    expect(kinds.at(-1)).toBe("finish");
    expect(pieces.length).toBeGreaterThan(30);
    expect(pieces.every((p) => p.trim().split(/\s+/).length === 1)).toBe(true);
    expect(text).toContain("**Это демо-модель «Ясно».**");
    expect(text).toContain("| Режим | Объясни закон |");
    expect(text).toContain("| Вопрос | «Проверь договор» (15 симв.) |");
    expect(text).toContain(
      "| Документ | «договор.docx», 99 симв.; начало: «Договор аренды жилого помещения между Ивановым и Петровым " +
        "на одиннадцать месяцев с…» |",
    );
    expect(text).toContain("| Изображения | 2 |");
    expect(text).toContain("| Предыдущих сообщений в контексте | 2 |");
    expect(text).toBe(demoTokens(text).join(""));
  });

  it("stops when aborted, between two words", async () => {
    const abort = new AbortController();
    const result = streamText({
      model: new DemoLanguageModel(60_000),
      system: prompt.system,
      messages: prompt.messages,
      abortSignal: abort.signal,
    });
    const kinds: string[] = [];
    const pieces: string[] = [];
    for await (const part of result.fullStream) {
      kinds.push(part.type);
      // The first word comes after one pause; abort while it waits for the second... or the first.
      if (kinds.length === 1) abort.abort();
      if (part.type === "text-delta") pieces.push(part.text);
    }
    expect(kinds).toContain("abort");
    expect(pieces.length).toBeLessThan(2);
  });

  it("reads back the document, its cut, the images and the earlier turns from a prompt", () => {
    const cut = composePrompt({
      system: systemPromptFor({ title: "Недвижимость", systemPrompt: "…" }),
      turns: [user("Вопрос", { documents: [{ filename: "big.txt", text: "слово ".repeat(5_000) }] })],
      contextTokens: 24_000,
      maxOutputTokens: 2_048,
      documentBudgetChars: 3_000,
    });
    const reading = readPrompt([
      { role: "system", content: cut.system },
      {
        role: "user",
        content: (cut.messages[0]!.content as { type: string; text: string }[]).map((p) => ({
          type: "text" as const,
          text: p.text,
        })),
      },
    ]);
    expect(reading).toMatchObject({ modeTitle: "Недвижимость", question: "Вопрос", images: 0, earlierMessages: 0 });
    expect(reading.documents).toEqual([
      { filename: "big.txt", totalChars: 30_000, text: "слово ".repeat(500), cut: true },
    ]);
    // Numbers are grouped the Russian way, with a no-break space.
    expect(demoAnswer(reading)).toContain("«big.txt», 30\u00a0000 симв., ассистенту передано 3\u00a0000");
  });
});

describe("the demo model continues its own cut answer", () => {
  const system = { role: "system" as const, content: systemPromptFor(LAW) };
  const question = { role: "user" as const, content: [{ type: "text" as const, text: "Что такое неустойка?" }] };
  const continuation = (cut: string) => [
    system,
    question,
    { role: "assistant" as const, content: [{ type: "text" as const, text: cut }] },
    { role: "user" as const, content: [{ type: "text" as const, text: CONTINUE_REQUEST }] },
  ];

  it("gives the rest of the answer it had begun, so the two make the whole answer", () => {
    const whole = demoReply([system, question]);
    const cut = demoTokens(whole).slice(0, 7).join("").slice(0, -2);
    expect(cut + demoReply(continuation(cut))).toBe(whole);
  });

  it("says so when the cut reply is not its own", () => {
    expect(demoReply(continuation("Ответ другой модели"))).toBe(DEMO_CONTINUATION_FALLBACK);
  });
});

describe("the context", () => {
  it("puts the mode's prompt, its title and today's date in the system prompt", () => {
    const system = systemPromptFor(LAW, new Date("2026-03-08T10:00:00Z"));
    expect(system.startsWith("Ты — юридический помощник «Ясно».")).toBe(true);
    expect(system).toContain("Режим ассистента: «Объясни закон».");
    expect(system).toContain("Сегодня 8 марта 2026 г.");
    expect(modeTitleOf(system)).toBe("Объясни закон");
  });

  it("keeps as much recent history as fits, dropping the oldest turns first", () => {
    const turns = [
      user("A".repeat(3_000)),
      assistant("B".repeat(3_000)),
      user("C".repeat(3_000)),
      assistant("D".repeat(3_000)),
      user("Вопрос"),
    ];
    // Room for the question and about two old turns.
    const system = "S";
    const contextTokens = Math.ceil((1 + 6 + 7_000) / CHARS_PER_TOKEN) + 100;
    const prompt = composePrompt({ system, turns, contextTokens, maxOutputTokens: 100 });
    expect(prompt.droppedTurns).toBe(2);
    // Counted in the reply's cost row (docs/operations.md "Costs").
    expect(prompt.cut).toBe(true);
    expect(prompt.messages.map((m) => (typeof m.content === "string" ? m.content[0] : "question"))).toEqual([
      "C",
      "D",
      "question",
    ]);

    const everything = composePrompt({ system, turns, contextTokens: 100_000, maxOutputTokens: 100 });
    expect(everything.droppedTurns).toBe(0);
    expect(everything.cut).toBe(false);
    expect(everything.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
  });

  it("cuts a document to the budget with a Russian note, and passes a short one whole", () => {
    const long = "Пункт договора. ".repeat(10_000);
    const prompt = composePrompt({
      system: "S",
      turns: [user("Что тут?", { documents: [{ filename: "д.txt", text: long }] })],
      contextTokens: 100_000,
      maxOutputTokens: 1_000,
      documentBudgetChars: 5_000,
    });
    const parts = prompt.messages[0]!.content as { type: string; text: string }[];
    expect(parts[0]).toEqual({ type: "text", text: "Что тут?" });
    expect(parts[1]!.text).toBe(documentBlock("д.txt", long, 5_000));
    expect(parts[1]!.text).toContain(`[Текст документа обрезан: показаны первые 5000 из ${long.length} символов.`);
    expect(parts[1]!.text).toContain(long.slice(0, 5_000));
    expect(parts[1]!.text).not.toContain(long.slice(0, 5_001));
    expect(prompt.cut).toBe(true);

    const short = composePrompt({
      system: "S",
      turns: [user("Что тут?", { documents: [{ filename: "д.txt", text: "Коротко." }] })],
      contextTokens: 100_000,
      maxOutputTokens: 1_000,
    });
    expect((short.messages[0]!.content as { text: string }[])[1]!.text).toBe(
      "Документ «д.txt» (всего символов: 8)\n<<<\nКоротко.\n>>>",
    );
    expect(short.cut).toBe(false);
  });

  it("also cuts a document to what the model's window holds", () => {
    const prompt = composePrompt({
      system: "S",
      turns: [user("?", { documents: [{ filename: "д.txt", text: "я".repeat(100_000) }] })],
      contextTokens: 8_000,
      maxOutputTokens: 1_000,
    });
    const block = (prompt.messages[0]!.content as { text: string }[])[1]!.text;
    expect(block.length).toBeLessThan(7_000 * CHARS_PER_TOKEN);
    expect(block).toContain("[Текст документа обрезан");
  });

  it("sends the question's images as image parts; earlier images become a note", () => {
    const bytes = new Uint8Array([137, 80, 78, 71]);
    const prompt = composePrompt({
      system: "S",
      turns: [
        user("Первое фото", { images: [{ filename: "старое.png", mediaType: "image/png", bytes: null }] }),
        assistant("Вижу."),
        user("Второе фото", { images: [{ filename: "новое.jpg", mediaType: "image/jpeg", bytes }] }),
      ],
      contextTokens: 24_000,
      maxOutputTokens: 1_000,
    });
    expect(prompt.messages[0]).toEqual({
      role: "user",
      content: "Первое фото\n\n[Пользователь прикладывал изображение «старое.png».]",
    });
    expect(prompt.messages[2]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Второе фото" },
        { type: "image", image: bytes, mediaType: "image/jpeg" },
      ],
    });
  });
});

describe("Workers AI through the AI binding", () => {
  it("streams the binding's server-sent events as the reply", async () => {
    const calls: { model: string; inputs: Record<string, unknown> }[] = [];
    // The AI binding at its boundary: `run` with `stream: true` answers Workers AI's SSE stream.
    const binding = {
      async run(model: string, inputs: Record<string, unknown>) {
        calls.push({ model, inputs });
        const events = ["Привет", ", ", "мир"]
          .map((response) => `data: ${JSON.stringify({ response })}\n\n`)
          .concat("data: [DONE]\n\n");
        return new ReadableStream({
          start(controller) {
            for (const e of events) controller.enqueue(new TextEncoder().encode(e));
            controller.close();
          },
        });
      },
    } as unknown as Ai;
    const workersAi = withEnv({ AI_PROVIDER: "workers-ai", AI: binding });
    const choice = chooseModel(workersAi, "default", false);
    const { text } = await collect(
      streamText({
        model: languageModel(workersAi, choice),
        system: "Система",
        messages: [{ role: "user", content: "Вопрос" }],
      }),
    );
    expect(text).toBe("Привет, мир");
    expect(calls[0]!.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(calls[0]!.inputs).toMatchObject({
      stream: true,
      messages: [
        { role: "system", content: "Система" },
        { role: "user", content: "Вопрос" },
      ],
    });
  });
});
