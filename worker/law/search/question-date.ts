// The date a question is about (docs/law.md "The date a question names"): «01.03.2019», «1 марта 2019 года» and
// «2019-03-01» name a day; «в марте 2019 года» a month and «в 2019 году» a year, which stand for their last day (the
// law as it stood once the period was over), or today while the period lasts. The first date named wins; a date
// that belongs to an act («Федеральный закон от 13.07.2015 № 218-ФЗ») names no date of the question.

const MONTHS = [
  "январ",
  "феврал",
  "март",
  "апрел",
  "ма",
  "июн",
  "июл",
  "август",
  "сентябр",
  "октябр",
  "ноябр",
  "декабр",
];
// A month's name in any case: «март», «марта», «марте», «мае», «май».
const MONTH = `(${MONTHS.map((m) => (m === "ма" ? "ма[йяе]" : `${m}[а-яё]{0,3}`)).join("|")})`;
const YEAR = "((?:19|20)\\d\\d)";
const YEAR_WORD = "(?:\\s*(?:г\\.|г(?![а-яё])|год[а-яё]{0,2}))?";

const PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => Named | null }[] = [
  { re: /(?<![\d.])(\d{1,2})[./](\d{1,2})[./]((?:19|20)\d\d)(?!\d)/gu, read: (m) => day(m[3]!, m[2]!, m[1]!) },
  { re: /(?<!\d)((?:19|20)\d\d)-(\d\d)-(\d\d)(?!\d)/gu, read: (m) => day(m[1]!, m[2]!, m[3]!) },
  { re: new RegExp(`(?<!\\d)(\\d{1,2})\\s+${MONTH}\\s+${YEAR}${YEAR_WORD}`, "giu"), read: dayByName },
  { re: new RegExp(`(?<![а-яё])${MONTH}\\s+${YEAR}${YEAR_WORD}`, "giu"), read: monthByName },
  { re: new RegExp(`(?<![\\d.])${YEAR}\\s*(?:г\\.|г(?![а-яё])|год[а-яё]{0,2})`, "giu"), read: (m) => year(m[1]!) },
];

/** A law's own date: «от 13.07.2015 № 218-ФЗ», «от 13 июля 2015 г. N 218-ФЗ». */
const ACT_NUMBER_AFTER = /^\s*(?:г\.|года)?\s*(?:№|N\s*\d)/u;

type Named = { from: string; to: string };

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function day(y: string, m: string, d: string): Named | null {
  const [yy, mm, dd] = [Number(y), Number(m), Number(d)];
  if (mm < 1 || mm > 12 || dd < 1 || dd > lastDay(yy, mm)) return null;
  const date = iso(yy, mm, dd);
  return { from: date, to: date };
}

const monthOf = (name: string) => MONTHS.findIndex((m) => name.toLowerCase().startsWith(m)) + 1;

function dayByName(m: RegExpExecArray): Named | null {
  return day(m[3]!, String(monthOf(m[2]!)), m[1]!);
}

function monthByName(m: RegExpExecArray): Named | null {
  const [y, mm] = [Number(m[2]), monthOf(m[1]!)];
  return { from: iso(y, mm, 1), to: iso(y, mm, lastDay(y, mm)) };
}

const year = (y: string): Named => ({ from: `${y}-01-01`, to: `${y}-12-31` });

/** The day a question names (YYYY-MM-DD), or null when it names none; `today` ends a period not yet over. */
export function dateNamedIn(question: string, today: string): string | null {
  let first: { index: number; named: Named } | null = null;
  for (const { re, read } of PATTERNS) {
    for (const m of question.matchAll(re)) {
      if (first && m.index >= first.index) break;
      if (ACT_NUMBER_AFTER.test(question.slice(m.index + m[0].length))) continue;
      const named = read(m as RegExpExecArray);
      if (named) {
        first = { index: m.index, named };
        break;
      }
    }
  }
  if (!first) return null;
  const { from, to } = first.named;
  return from <= today && today < to ? today : to;
}
