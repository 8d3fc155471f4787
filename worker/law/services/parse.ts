import type { ArticlePart } from "../../db/law-schema";

// An act's text as published, split into its articles («Статья 1062.1. Title»), each with its place in the
// sections and chapters, its parts («1.») and points («1)»), and whether it is repealed («Утратила силу»).

export type ParsedArticle = {
  number: string;
  title: string;
  path: string[];
  /** Paragraphs joined by "\n". */
  text: string;
  parts: ArticlePart[];
  repealed: boolean;
  repealedOn: string | null;
};

export type ParsedAct = {
  /** The first line before any heading, usually the act's own title. */
  title: string | null;
  articles: ParsedArticle[];
  /** Lines outside any article that are no heading either (besides the title). */
  unplaced: string[];
};

// A heading's number is followed by a dot and its title, or ends the line: «Статья 5 настоящего Закона…»
// opening a paragraph is text, not a heading.
const ARTICLE = /^Статья\s+(\d+(?:\.\d+)*)(?:\.\s*(.*)|\s*)$/i;
// Outermost first; a heading resets the levels under it.
const LEVELS: RegExp[] = [
  /^Часть\s+(первая|вторая|третья|четвертая|четвёртая)$/i,
  /^Раздел\s+([IVXLCDM]+|\d+)(\.\s*.*|\s*)$/i,
  /^Подраздел\s+\d+(\.\s*.*|\s*)$/i,
  /^Глава\s+\d+(?:\.\d+)*(\.\s*.*|\s*)$/i,
  /^§\s*\d+(?:\.\d+)*(\.\s*.*|\s*)$/,
];
// A heading that is its number alone («Глава 34»): its title is the next line.
const BARE_HEADING = /^(Раздел|Подраздел|Глава|§)\s*[\dIVXLCDM.]+$/i;
const REPEALED = /утратил[аио]?\s+силу/i;
const PART = /^(\d+(?:\.\d+)*)\.\s+(.*)$/;
const POINT = /^(\d+(?:\.\d+)*)\)\s+(.*)$/;
const MONTHS = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
];

const clean = (line: string) =>
  line
    .replace(/[\u00a0\u2007\u202f\t]/g, " ")
    .replace(/\u00ad/g, "")
    .replace(/ {2,}/g, " ")
    .trim();

export function parseAct(text: string): ParsedAct {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map(clean).filter(Boolean);
  const path: string[] = [];
  const pathLevels: number[] = [];
  const articles: ParsedArticle[] = [];
  const unplaced: string[] = [];
  let title: string | null = null;
  let current: { number: string; title: string; path: string[]; body: string[] } | null = null;
  let seenHeading = false;
  // The line after a bare heading is its title.
  let titleNext = false;
  let headingNext = false;

  const finish = () => {
    if (current) articles.push(articleOf(current));
    current = null;
  };

  for (const line of lines) {
    const article = ARTICLE.exec(line);
    if (article) {
      finish();
      seenHeading = true;
      headingNext = false;
      current = { number: article[1]!, title: (article[2] ?? "").trim(), path: [...path], body: [] };
      titleNext = !current.title;
      continue;
    }
    const level = LEVELS.findIndex((re) => re.test(line));
    if (level >= 0) {
      finish();
      seenHeading = true;
      while (pathLevels.length && pathLevels[pathLevels.length - 1]! >= level) {
        pathLevels.pop();
        path.pop();
      }
      pathLevels.push(level);
      path.push(line.replace(/\.$/, ""));
      headingNext = BARE_HEADING.test(line.replace(/\.$/, ""));
      titleNext = false;
      continue;
    }
    if (headingNext) {
      path[path.length - 1] += `. ${line}`;
      headingNext = false;
      continue;
    }
    if (current && titleNext) {
      titleNext = false;
      // A title, not the first paragraph: no number in front, no full stop at the end.
      if (!PART.test(line) && !POINT.test(line) && !/[.;:]$/.test(line) && line.length < 300) {
        (current as { title: string }).title = line;
        continue;
      }
    }
    if (current) (current as { body: string[] }).body.push(line);
    else if (!seenHeading && title === null) title = line;
    else unplaced.push(line);
  }
  finish();
  return { title, articles, unplaced };
}

function articleOf(raw: { number: string; title: string; path: string[]; body: string[] }): ParsedArticle {
  const head = `${raw.title} ${raw.body.slice(0, 2).join(" ")}`;
  // A repealed article is its heading and a line or two naming the law that repealed it.
  const repealed = REPEALED.test(raw.title) || (raw.body.length <= 2 && REPEALED.test(raw.body[0] ?? ""));
  return {
    number: raw.number,
    title: raw.title,
    path: raw.path,
    text: raw.body.join("\n"),
    parts: partsOf(raw.body),
    repealed,
    repealedOn: repealed ? repealDate(head) : null,
  };
}

/** Parts «1.», «2.» with their points «1)», «2)»; text before the first number is a part without one. */
export function partsOf(body: string[]): ArticlePart[] {
  const parts: ArticlePart[] = [];
  for (const line of body) {
    const part = PART.exec(line);
    const point = POINT.exec(line);
    const last = parts[parts.length - 1];
    if (part) parts.push({ number: part[1]!, text: part[2]!, points: [] });
    else if (point && last) last.points.push({ number: point[1]!, text: point[2]! });
    else if (point) parts.push({ number: null, text: "", points: [{ number: point[1]!, text: point[2]! }] });
    else if (last?.points.length) last.points[last.points.length - 1]!.text += `\n${line}`;
    else if (last) last.text += `\n${line}`;
    else parts.push({ number: null, text: line, points: [] });
  }
  return parts;
}

/** «с 1 января 2020 года» or «с 01.01.2020» after «Утратила силу», as YYYY-MM-DD. */
export function repealDate(text: string): string | null {
  const after = text.slice(text.search(REPEALED));
  const words = /^утратил[аио]?\s+силу\s+с\s+(\d{1,2})\s+([а-я]+)\s+(\d{4})/i.exec(after);
  if (words) {
    const month = MONTHS.indexOf(words[2]!.toLowerCase());
    if (month >= 0) return isoDate(Number(words[3]), month + 1, Number(words[1]));
  }
  const digits = /^утратил[аио]?\s+силу\s+с\s+(\d{1,2})\.(\d{1,2})\.(\d{4})/i.exec(after);
  return digits ? isoDate(Number(digits[3]), Number(digits[2]), Number(digits[1])) : null;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
