// The Russian text the model gets around the mode's own system prompt (the Product row): the mode
// line, today's date, and the way attached documents are framed and cut. The demo model reads
// these back, so the format lives here, in one place.

const MODE_LINE = "Режим ассистента";
const DOCUMENT_HEADER = /^Документ «(.*)» \(всего символов: (\d+)\)\n/;
// Made once per isolate: building an ICU formatter costs about a millisecond, on every turn's way to the model.
const LONG_DATE = new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeZone: "Europe/Moscow" });

/** The mode's system prompt plus what every mode needs: which mode it is, today's date, the format. */
export function systemPromptFor(product: { title: string; systemPrompt: string }, now = new Date()): string {
  const today = LONG_DATE.format(now);
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

/** An article of the law library as the model is given it (docs/law.md "Answers grounded in the text"). */
export type PromptArticle = {
  act: string;
  number: string;
  title: string;
  text: string;
  /** YYYY-MM-DD: the edition's first day. */
  editionFrom: string;
  /** YYYY-MM-DD, when the edition is a repeal. */
  repealedOn?: string | null;
};

const LAW_HEADER = /^Статьи из библиотеки законов «Ясно» в редакциях, действовавших на (\d\d\.\d\d\.\d{4}):$/m;
const ARTICLE_HEADER =
  /^Статья: ст\. (\S+) (.+?) «(.*)», редакция с (\d\d\.\d\d\.\d{4})(?:, утратила силу с (\d\d\.\d\d\.\d{4}))?\n<<<\n/gm;
/** What a cut article's text ends with. */
export const ARTICLE_CUT_NOTE = "[Текст статьи обрезан.]";

export const ruDate = (iso: string) => iso.split("-").reverse().join(".");
const isoDate = (ru: string) => ru.split(".").reverse().join("-");

/** The frame of the articles, without them: its length counts against the budget. */
export const lawIntro = (date: string) =>
  [
    `Статьи из библиотеки законов «Ясно» в редакциях, действовавших на ${ruDate(date)}:`,
    "Опирайся на эти статьи и цитируй их, ссылаясь так: «ст. 619 ГК РФ» (номер статьи и сокращённое название акта). " +
      "Если нужной нормы среди них нет, так и скажи и не выдумывай статьи. Скажи, в какой редакции (на какую дату) " +
      "ты взял статьи.",
  ].join("\n");

/** One article of the block: act, number, title and edition date in a line, then its text between <<< and >>>. */
export function articleBlock(article: PromptArticle): string {
  const repealed = article.repealedOn ? `, утратила силу с ${ruDate(article.repealedOn)}` : "";
  return (
    `Статья: ст. ${article.number} ${article.act} «${article.title}», редакция с ${ruDate(article.editionFrom)}` +
    `${repealed}\n<<<\n${article.text}\n>>>`
  );
}

/** The law block that goes after the system prompt in the law modes: the date of the editions, then the articles. */
export const lawBlock = (date: string, articles: string[]) => [lawIntro(date), ...articles].join("\n\n");

/** The law block back from a system prompt (the demo model answers from it); null if it has none. */
export function parseLawBlock(system: string): { date: string; articles: PromptArticle[] } | null {
  const header = system.match(LAW_HEADER);
  if (!header) return null;
  const articles = Array.from(system.matchAll(ARTICLE_HEADER), (m) => {
    const body = system.slice(m.index + m[0].length);
    return {
      number: m[1]!,
      act: m[2]!,
      title: m[3]!,
      editionFrom: isoDate(m[4]!),
      repealedOn: m[5] ? isoDate(m[5]) : null,
      text: body.slice(0, body.indexOf("\n>>>")),
    };
  });
  return { date: isoDate(header[1]!), articles };
}
