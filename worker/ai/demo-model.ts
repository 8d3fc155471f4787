import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { CONTINUE_REQUEST, modeTitleOf, parseDocumentBlock, parseLawBlock, type PromptArticle } from "./prompts";

export const DEMO_MODEL_ID = "yasno-demo";

const number = new Intl.NumberFormat("ru-RU");

/** What the demo model understood from its prompt: it answers with exactly this. */
export type DemoReading = {
  modeTitle: string | null;
  question: string;
  documents: { filename: string; totalChars: number; text: string; cut: boolean }[];
  images: number;
  earlierMessages: number;
  /** The law library's articles in its prompt (the law modes), with the date of their editions. */
  law?: { date: string; articles: PromptArticle[] } | null;
};

/**
 * The article the demo cites that no act has (docs/ai.md "Demo model"): the Civil Code has no 1103.7, so a reply
 * shows how an invented citation is marked.
 */
export const DEMO_INVENTED_CITATION = "ст. 1103.7 ГК РФ";

export function readPrompt(prompt: LanguageModelV4Prompt): DemoReading {
  const system = prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
  const lastUser = prompt.findLastIndex((m) => m.role === "user");
  const current = lastUser >= 0 ? prompt[lastUser]! : null;
  const parts = current?.role === "user" ? current.content : [];
  const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
  return {
    modeTitle: modeTitleOf(system),
    question: texts[0] ?? "",
    documents: texts.slice(1).flatMap((t) => parseDocumentBlock(t) ?? []),
    images: parts.filter((p) => p.type === "file" && p.mediaType.startsWith("image/")).length,
    earlierMessages: prompt.slice(0, Math.max(0, lastUser)).filter((m) => m.role === "user" || m.role === "assistant")
      .length,
    law: parseLawBlock(system),
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string, max: number) => {
  const chars = Array.from(oneLine(text));
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
};
const firstWords = (text: string, count: number) => {
  const words = oneLine(text).split(" ").filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(" ")}…` : words.join(" ");
};

const ruDate = (iso: string) => iso.split("-").reverse().join(".");

// The demo streams a word at a time: its law section is kept short, the first articles' first words.
const DEMO_LAW_ARTICLES = 3;
const DEMO_QUOTE_WORDS = 12;

/** The law section: each article quoted and cited with its edition, then the invented citation; none without articles. */
function lawSection(law: DemoReading["law"]): string[] {
  if (!law?.articles.length) return [];
  const quoted = law.articles.slice(0, DEMO_LAW_ARTICLES).map((a) => {
    const cite = `**ст. ${a.number} ${a.act}** «${cell(a.title)}»`;
    if (a.repealedOn) return `- ${cite}: утратила силу с ${ruDate(a.repealedOn)}.`;
    return `- ${cite} (редакция с ${ruDate(a.editionFrom)}): «${firstWords(a.text, DEMO_QUOTE_WORDS)}»`;
  });
  return [
    "",
    `**Что говорит закон.** Демо-модель цитирует статьи, которые Ясно нашёл в библиотеке для этого вопроса, в ` +
      `редакциях, действовавших на ${ruDate(law.date)}:`,
    "",
    ...quoted,
    "",
    `А вот ссылка на статью, которой нет, чтобы было видно, как Ясно помечает выдуманные нормы: ` +
      `${DEMO_INVENTED_CITATION}.`,
  ];
}

/** A table cell: one line (the numbers' no-break spaces kept), and no "|" to split it. */
const cell = (text: string) => text.replace(/[\r\n\t]+/g, " ").replace(/\|/g, "\\|");

/**
 * The demo answer, for the person asking (docs/ai.md "Demo model"): it says plainly that a stand-in
 * answered and shows what the assistant received, as a table; then a code block and a link, so
 * every part of a reply's rendering is seen without a model.
 */
export function demoAnswer(reading: DemoReading): string {
  const rows: [string, string][] = [
    ["Режим", reading.modeTitle ?? "не указан"],
    ["Вопрос", `«${clip(reading.question, 200)}» (${number.format(Array.from(reading.question).length)} симв.)`],
  ];
  if (reading.documents.length === 0) rows.push(["Документы", "нет"]);
  for (const doc of reading.documents) {
    const cut = doc.cut ? `, ассистенту передано ${number.format(doc.text.length)}` : "";
    rows.push([
      "Документ",
      `«${doc.filename}», ${number.format(doc.totalChars)} симв.${cut}; начало: «${firstWords(doc.text, 12)}»`,
    ]);
  }
  rows.push(["Изображения", reading.images === 0 ? "нет" : number.format(reading.images)]);
  rows.push(["Предыдущих сообщений в контексте", number.format(reading.earlierMessages)]);
  const summary = {
    mode: reading.modeTitle,
    question_chars: Array.from(reading.question).length,
    documents: reading.documents.length,
    images: reading.images,
  };
  return [
    "**Это демо-модель «Ясно».** Сейчас вместо ИИ отвечает заготовка: она не разбирает вопрос по существу, а " +
      "показывает, что ассистент получил вместе с ним.",
    ...lawSection(reading.law),
    "",
    "| Что получено | Значение |",
    "|---|---|",
    ...rows.map(([what, value]) => `| ${cell(what)} | ${cell(value)} |`),
    "",
    "Так в ответах выглядит код:",
    "",
    "```json",
    JSON.stringify(summary, null, 2),
    "```",
    "",
    "Настоящие ответы появятся, когда сервис подключат к языковой модели. Пока можно почитать [Конституцию " +
      "России](http://www.kremlin.ru/acts/constitution) — первоисточник любого юридического вопроса.",
  ].join("\n");
}

/** Said when a cut reply is not the start of the demo answer (it came from another model). */
export const DEMO_CONTINUATION_FALLBACK = "\n\n_Демо-модель не может продолжить ответ другой модели._";

const textOf = (message: LanguageModelV4Prompt[number] | undefined) =>
  message && message.role !== "system"
    ? message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("")
    : "";

/**
 * The demo's reply to a prompt: its answer, or for a continuation (the cut reply, then the request
 * to go on) the rest of the answer it had begun, so Stop then Continue gives the whole answer.
 */
export function demoReply(prompt: LanguageModelV4Prompt): string {
  const [cut, request] = prompt.slice(-2);
  if (cut?.role === "assistant" && textOf(request) === CONTINUE_REQUEST) {
    const full = demoAnswer(readPrompt(prompt.slice(0, -2)));
    const said = textOf(cut);
    return full.startsWith(said) ? full.slice(said.length) : DEMO_CONTINUATION_FALLBACK;
  }
  return demoAnswer(readPrompt(prompt));
}

/** Word-sized tokens, each with the whitespace before it: joined they give the answer back exactly. */
export const demoTokens = (answer: string) => answer.match(/\s*\S+/g) ?? [];

const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

const promptChars = (prompt: LanguageModelV4Prompt) =>
  prompt.reduce(
    (n, m) =>
      n +
      (typeof m.content === "string"
        ? m.content.length
        : m.content.reduce((k, p) => k + (p.type === "text" ? p.text.length : 0), 0)),
    0,
  );

const abortError = () => new DOMException("The demo reply was aborted", "AbortError");

/**
 * The built-in model: no network, a Russian answer streamed word by word, `delayMs` apart (tens of
 * ms looks like a real model; 0 for tests). A real LanguageModelV4, so the rest of the app treats it
 * like any provider's model.
 */
export class DemoLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider = "yasno";
  readonly modelId = DEMO_MODEL_ID;
  readonly supportedUrls = {};

  constructor(private readonly delayMs: number) {}

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const answer = demoReply(options.prompt);
    return {
      content: [{ type: "text", text: answer }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: usage(Math.ceil(promptChars(options.prompt) / 3), demoTokens(answer).length),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const tokens = demoTokens(demoReply(options.prompt));
    const inputTokens = Math.ceil(promptChars(options.prompt) / 3);
    const signal = options.abortSignal;
    const delayMs = this.delayMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let index = 0;

    const pause = () =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError());
        if (delayMs <= 0) return resolve();
        const onAbort = () => {
          clearTimeout(timer);
          reject(abortError());
        };
        timer = setTimeout(() => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        }, delayMs);
        signal?.addEventListener("abort", onAbort, { once: true });
      });

    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        controller.enqueue({
          type: "response-metadata",
          id: crypto.randomUUID(),
          modelId: DEMO_MODEL_ID,
          timestamp: new Date(),
        });
        controller.enqueue({ type: "text-start", id: "0" });
      },
      async pull(controller) {
        await pause();
        if (index < tokens.length) {
          controller.enqueue({ type: "text-delta", id: "0", delta: tokens[index++]! });
          return;
        }
        controller.enqueue({ type: "text-end", id: "0" });
        controller.enqueue({
          type: "finish",
          finishReason: { unified: "stop", raw: "stop" },
          usage: usage(inputTokens, tokens.length),
        });
        controller.close();
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    return { stream };
  }
}
