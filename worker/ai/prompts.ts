// The Russian text the model gets around the mode's own system prompt (the Product row): the mode
// line, today's date, and the way attached documents are framed and cut. The demo model reads
// these back, so the format lives here, in one place.

const MODE_LINE = "Режим ассистента";
const DOCUMENT_HEADER = /^Документ «(.*)» \(всего символов: (\d+)\)\n/;

/** The mode's system prompt plus what every mode needs: which mode it is, today's date, the format. */
export function systemPromptFor(product: { title: string; systemPrompt: string }, now = new Date()): string {
  const today = new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeZone: "Europe/Moscow" }).format(now);
  return [
    product.systemPrompt.trim(),
    "",
    `${MODE_LINE}: «${product.title}».`,
    `Сегодня ${today}.`,
    "Отвечай в формате Markdown. Если пользователь приложил документы, их текст приведён в его сообщении между " +
      "строками <<< и >>>.",
  ].join("\n");
}

/** The mode title back from a system prompt made by `systemPromptFor` (null if absent). */
export function modeTitleOf(system: string): string | null {
  return system.match(new RegExp(`${MODE_LINE}: «(.+?)»\\.`))?.[1] ?? null;
}

/** A document as the model sees it: its name, its full length, the text (cut to `budget` with a note). */
export function documentBlock(filename: string, text: string, budget: number): string {
  const cut = text.length > budget;
  const shown = cut ? text.slice(0, Math.max(0, budget)) : text;
  const note = cut
    ? `\n[Текст документа обрезан: показаны первые ${shown.length} из ${text.length} символов. Если ответ зависит ` +
      `от остальной части, скажи об этом пользователю.]`
    : "";
  return `Документ «${filename}» (всего символов: ${text.length})\n<<<\n${shown}\n>>>${note}`;
}

/** The parts of a `documentBlock`, for the demo model. */
export function parseDocumentBlock(
  block: string,
): { filename: string; totalChars: number; text: string; cut: boolean } | null {
  const header = block.match(DOCUMENT_HEADER);
  if (!header) return null;
  const body = block.slice(header[0].length);
  const end = body.lastIndexOf("\n>>>");
  const text = body.startsWith("<<<\n") && end >= 0 ? body.slice(4, end) : body;
  return { filename: header[1]!, totalChars: Number(header[2]), text, cut: body.includes("[Текст документа обрезан") };
}

/** Stands in the history for an image sent earlier: images go to the model only with their own turn. */
export const earlierImageNote = (filename: string) => `[Пользователь прикладывал изображение «${filename}».]`;

/** What the model is asked after its own cut reply (docs/conversations.md "Continue"). */
export const CONTINUE_REQUEST =
  "Твой предыдущий ответ оборвался. Продолжи его ровно с того места, где он остановился, не повторяя уже " +
  "написанное и без вступлений.";

/** The turns a continuation adds after the question: the cut reply as the model's own words, then the request. */
export const continuationTurns = (cutReply: string) => [
  { role: "assistant" as const, content: cutReply },
  { role: "user" as const, content: CONTINUE_REQUEST },
];
