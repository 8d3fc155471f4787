import { type Case, type Gender, givenReadings, patronymicReading, plain, surnameLemma, surnameShaped } from "./name-forms";

// Full names: a given name from the list (given-names.ts) with a patronymic, a surname or both,
// in any usual order and case; or a surname with initials. A capitalised word alone is never a
// name: Москва, «Российской Федерации» and a sentence's first word have no given name beside them.

/** Capitalised words that stand before or after names but are not surnames (roles, places, titles): stems, then whole words. */
const NOT_SURNAME =
  /^(?:росси|федерац|петербург|продав|покупат|арендат|арендодат|заказчик|исполнит|истц|истец|ответчик|заявит|нанимат|наймодат|дарит|одаряем|займодав|заемщик|сторон[аыеуо]|гражданин|гражданк|директор|генеральн|господин|госпож|уважаем|доверит|поверенн|работник|работодат|наследник|наследодат|завещат|судь[яеи]|нотариус|кодекс|республик|област|компани|адвокат|представит)|^(?:москв[аыеу]|москвой|суд|суда|суду|судом|закон|закона|город|улица|улицы|банк|банка|банком|общество|ип|ооо|зао|пао|ао)$/;

/** «гр. Иванов», «ул. Ленина»: a dot that ends an abbreviation, not a sentence. */
const ABBREVIATION_BEFORE = /(?:^|[\s(])(?:гр|гражд|ул|тов|им|пр|пер|обл|пос)\.\s*$/iu;

interface Token {
  word: string;
  start: number;
  end: number;
  /** "И.И." or "И." */
  initials: boolean;
  /** The first word of a sentence is capitalised for that reason alone. */
  opensSentence: boolean;
  /** Only spaces (and at most one line break) between this token and the next. */
  joinsNext: boolean;
}

const TOKEN = /[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?|[А-ЯЁ]\.(?:[ \u00a0]?[А-ЯЁ]\.)?/g;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (/[\p{L}\p{N}]/u.test(text[m.index - 1] ?? "")) continue;
    const prev = tokens.at(-1);
    if (prev) prev.joinsNext = /^[ \u00a0]*\n?[ \u00a0]*$/.test(text.slice(prev.end, m.index));
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    const opensSentence =
      ((m.index === before.length && /^[\s"«(—-]*$/.test(before)) || /(?:[.!?…]|\n)[\s"«»()—-]*$/.test(before)) && !ABBREVIATION_BEFORE.test(before);
    tokens.push({ word: m[0], start: m.index, end: m.index + m[0].length, initials: m[0].includes("."), opensSentence, joinsNext: false });
  }
  return tokens;
}

export interface NameParts {
  surname?: string;
  given?: string;
  patronymic?: string;
  /** The initials as written ("И.И."), when the name has them instead of a given name. */
  initials?: string;
}

export interface FoundName {
  start: number;
  end: number;
  /** The name's nominative parts (lower case, ё as е) as far as they are known. */
  parts: NameParts;
  /** How the name reads in the nominative, in its own order («Иванов Иван Иванович»). */
  display: string;
}

const isGiven = (t: Token | undefined) => !!t && !t.initials && givenReadings(t.word).length > 0;
const isPatronymic = (t: Token | undefined) => !!t && !t.initials && patronymicReading(t.word) !== null;
const isStrongSurname = (t: Token | undefined) =>
  !!t && !t.initials && surnameShaped(t.word) && !isGiven(t) && !isPatronymic(t) && !NOT_SURNAME.test(plain(t.word));
/** Any capitalised word can be a surname next to a full given name and patronymic, unless it is capitalised for another reason. */
const isSurname = (t: Token | undefined, leading: boolean) =>
  !!t && !t.initials && (isStrongSurname(t) || (!isGiven(t) && !isPatronymic(t) && !NOT_SURNAME.test(plain(t.word)) && !(leading && t.opensSentence)));
/** -ович, -евич, -овна, -евна, -ична in any case: with one of them, an unknown word beside is a given name. */
const isClearPatronymic = (t: Token | undefined) => !!t && !t.initials && /(?:ович|евич|овн|евн|ичн)/.test(patronymicReading(t.word)?.lemma ?? "");
/** A capitalised word that may be a given name not in the list («Ипполит»). */
const isOtherGiven = (t: Token | undefined, leading: boolean) => isSurname(t, leading) && !isStrongSurname(t);
const fullInitials = (t: Token | undefined) => !!t && t.initials && t.word.replace(/[^А-ЯЁ]/g, "").length === 2;

/** Tokens i…i+n-1 stand together, with nothing but spaces between. */
function together(tokens: Token[], i: number, n: number): boolean {
  if (tokens.length < i + n) return false;
  for (let k = i; k < i + n - 1; k++) if (!tokens[k].joinsNext) return false;
  return true;
}

type Role = "surname" | "given" | "patronymic" | "initials";

/** The roles of the name starting at token i, longest reading first, or null. */
function rolesAt(tokens: Token[], i: number): Role[] | null {
  const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
  if (together(tokens, i, 3) && isSurname(a, true) && isGiven(b) && isPatronymic(c)) return ["surname", "given", "patronymic"];
  if (together(tokens, i, 3) && isGiven(a) && isPatronymic(b) && isSurname(c, false)) return ["given", "patronymic", "surname"];
  if (together(tokens, i, 3) && isStrongSurname(a) && isOtherGiven(b, false) && isClearPatronymic(c)) return ["surname", "given", "patronymic"];
  if (together(tokens, i, 3) && isOtherGiven(a, true) && isClearPatronymic(b) && isSurname(c, false)) return ["given", "patronymic", "surname"];
  if (together(tokens, i, 2) && isGiven(a) && isPatronymic(b)) return ["given", "patronymic"];
  if (together(tokens, i, 2) && isOtherGiven(a, true) && isClearPatronymic(b)) return ["given", "patronymic"];
  if (together(tokens, i, 2) && isSurname(a, true) && fullInitials(b)) return ["surname", "initials"];
  if (together(tokens, i, 2) && isStrongSurname(a) && b.initials) return ["surname", "initials"];
  if (together(tokens, i, 2) && fullInitials(a) && isSurname(b, false)) return ["initials", "surname"];
  if (together(tokens, i, 2) && a.initials && isStrongSurname(b)) return ["initials", "surname"];
  if (together(tokens, i, 2) && isStrongSurname(a) && isGiven(b)) return ["surname", "given"];
  if (together(tokens, i, 2) && isGiven(a) && isStrongSurname(b)) return ["given", "surname"];
  return null;
}

const capitalised = (w: string) => w.replace(/(^|-)(\p{L})/gu, (_, dash, first) => dash + first.toUpperCase());

/** The nominative parts of a name read with the given roles. */
function partsOf(words: string[], roles: Role[]): { parts: NameParts; display: string } {
  const at = (role: Role) => words[roles.indexOf(role)];
  const patronymic = at("patronymic") ? patronymicReading(at("patronymic"))! : null;
  const readings = at("given") ? givenReadings(at("given")) : [];
  const given = readings.find((r) => !patronymic || r.gender === patronymic.gender) ?? readings[0];
  const gender: Gender | null = patronymic?.gender ?? given?.gender ?? null;
  const grammarCase: Case | null = given ? given.grammarCase : (patronymic?.grammarCase ?? null);
  const parts: NameParts = {};
  if (at("surname")) parts.surname = surnameLemma(at("surname"), gender, grammarCase);
  if (given) parts.given = given.lemma;
  else if (at("given")) parts.given = surnameLemma(at("given"), gender === "m" ? "m" : null, grammarCase);
  if (patronymic) parts.patronymic = patronymic.lemma;
  if (at("initials")) parts.initials = at("initials").replace(/\s/g, "");
  const display = roles.map((role) => (role === "initials" ? parts.initials! : capitalised(parts[role]!))).join(" ");
  return { parts, display };
}

/** Every full name in `text`, in order. */
export function findNames(text: string): FoundName[] {
  const tokens = tokensOf(text);
  const found: FoundName[] = [];
  for (let i = 0; i < tokens.length; ) {
    const roles = rolesAt(tokens, i);
    if (!roles) {
      i++;
      continue;
    }
    const taken = tokens.slice(i, i + roles.length);
    found.push({
      start: taken[0].start,
      end: taken.at(-1)!.end,
      ...partsOf(
        taken.map((t) => t.word),
        roles,
      ),
    });
    i += roles.length;
  }
  return found;
}
