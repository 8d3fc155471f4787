import { ACTS, actByAbbreviation, actByNumber, actByTitle, normalNumber } from "../acts";
import { BACK, BEFORE, LAW, LAW_REVERSED } from "./patterns";

/**
 * Where a text names an act. `kind` says how: `law` by a law's number or title (a citation on its own),
 * `code` by a code's name or abbreviation with «РФ», `bare` by an abbreviation alone (an act only right after an
 * article: «УК» alone is as often a managing company), `back` by «Закона»/«Кодекса» (the act named before).
 */
export interface ActMention {
  start: number;
  end: number;
  act: string;
  kind: "law" | "code" | "bare" | "back";
}

const RF = "(?:\\s+(?:российской\\s+федерации|рф))?";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A known law's title without quotes: «Закона о защите прав потребителей»; a parenthesis may be left out. */
function titleSource(title: string): string {
  const [main, rest] = title.split(" (");
  const words = escapeRegExp(main).replace(/ /g, "\\s+").replace(/е/g, "[её]");
  const tail = rest ? `(?:\\s*\\(${escapeRegExp(rest).replace(/ /g, "\\s+")})?` : "";
  return `${words}${tail}`;
}

const CODE_NAMES = ACTS.filter((act) => act.name).map((act) => ({
  act: act.short,
  pattern: new RegExp(`${BEFORE}(?:${act.name})${RF}(?![\\p{L}])`, "giu"),
}));
const ABBREVIATIONS = ACTS.flatMap((act) => act.abbreviations ?? []);
// A digit may stand right before: «статья 450ГК».
const ABBREVIATION = new RegExp(
  `(?<!\\p{L})(${ABBREVIATIONS.join("|")})(\\s+(?:РФ|Российской\\s+Федерации))?(?![\\p{L}\\d])(\\s*[«"“„])?`,
  "gu",
);
const UNKNOWN_ABBREVIATION = new RegExp(`${BEFORE}([А-ЯЁ][А-ЯЁа-яё]{1,4})\\s+РФ(?![\\p{L}\\d])`, "gu");
const TITLES = ACTS.flatMap((act) =>
  [...(act.title ? [act.title] : []), ...(act.titles ?? [])].map((title) => ({
    act: act.short,
    pattern: new RegExp(
      `${BEFORE}(?:федеральн\\p{L}*\\s+)?закон\\p{L}*${RF}\\s+об?\\s+${titleSource(title)}(?![\\p{L}])`,
      "giu",
    ),
  })),
);
const NICKNAMES = ACTS.flatMap((act) =>
  (act.nicknames ?? []).map((nickname) => ({
    act: act.short,
    pattern: new RegExp(
      `${BEFORE}${escapeRegExp(nickname)
        .replace(/ /g, "\\s+")
        .replace(/^Закон/, "закон\\p{L}*")}(?![\\p{L}])`,
      "giu",
    ),
  })),
);
const LAW_PATTERN = new RegExp(LAW, "giu");
const LAW_REVERSED_PATTERN = new RegExp(LAW_REVERSED, "giu");
const BACK_PATTERN = new RegExp(BACK, "giu");

/** Every act named in `text`, in order, the longest where names overlap. */
export function findActMentions(text: string): ActMention[] {
  const found: ActMention[] = [];
  const add = (start: number, end: number, act: string, kind: ActMention["kind"]) =>
    found.push({ start, end, act, kind });
  for (const { act, pattern } of CODE_NAMES) {
    for (const m of text.matchAll(pattern)) add(m.index, m.index + m[0].length, act, "code");
  }
  for (const m of text.matchAll(ABBREVIATION)) {
    // «ГК "Ромашка"», «УК «Жилсервис»»: a group of companies or a managing company, not a code.
    if (m[3] && !m[2]) continue;
    const act = actByAbbreviation(m[1])?.short ?? m[1];
    const end = m.index + m[1].length + (m[2]?.length ?? 0);
    add(m.index, end, act, m[2] ? "code" : "bare");
  }
  for (const m of text.matchAll(UNKNOWN_ABBREVIATION)) {
    if (!ABBREVIATIONS.includes(m[1])) add(m.index, m.index + m[0].length, `${m[1]} РФ`, "bare");
  }
  for (const { act, pattern } of [...TITLES, ...NICKNAMES]) {
    for (const m of text.matchAll(pattern)) add(m.index, m.index + m[0].length, act, "law");
  }
  for (const m of text.matchAll(LAW_PATTERN)) {
    const act = lawAct(m.groups ?? {});
    const lead = m[0].length - m[0].trimStart().length;
    if (act) add(m.index + lead, m.index + m[0].trimEnd().length, act, "law");
  }
  for (const m of text.matchAll(LAW_REVERSED_PATTERN)) {
    const number = `${m.groups?.number}-ФЗ`;
    add(m.index, m.index + m[0].length, actByNumber(number)?.short ?? number, "law");
  }
  for (const m of text.matchAll(BACK_PATTERN)) add(m.index, m.index + m[0].length, "", "back");
  return longestFirst(found);
}

/** The act of a law's name, or undefined where the match is no law's name (a date alone, a bare «закон»). */
function lawAct(groups: Record<string, string | undefined>): string | undefined {
  const { federal, law, sign, number, title } = groups;
  if (number) {
    // «2300-1» is a law's number only after «закон» or «№»; «218-ФЗ» is one anywhere.
    if (/-(?:1|I)$/i.test(number) && !law && !sign) return undefined;
    // «218 ФЗ» with a space is a law's number only after «закон» or «№»: «ст. 6 ФКЗ» is not «6-ФКЗ».
    if (/\d\s+ф/i.test(number) && !law && !sign) return undefined;
    const normal = normalNumber(number.replace(/(\d)[\s-]?(ф)/i, "$1-$2"));
    const known = actByNumber(normal) ?? (title ? actByTitle(title) : undefined);
    return known?.short ?? normal;
  }
  if (!law || !title) return undefined;
  const known = actByTitle(title);
  if (known) return known.short;
  const name = title.replace(/\s+/g, " ").trim();
  return `${federal ? "Федеральный закон" : "Закон"} «${name[0].toUpperCase()}${name.slice(1)}»`;
}

/** Mentions in order of start; where two overlap, the longer stays. */
function longestFirst(mentions: ActMention[]): ActMention[] {
  const sorted = [...mentions].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ActMention[] = [];
  for (const mention of sorted) {
    const last = kept[kept.length - 1];
    if (last && mention.start < last.end) {
      if (mention.end - mention.start > last.end - last.start) kept[kept.length - 1] = mention;
      continue;
    }
    kept.push(mention);
  }
  return kept;
}
