import {
  type Case,
  clearPatronymic,
  type Gender,
  givenReadings,
  isCommonGivenForm,
  isGivenForm,
  patronymicReading,
  plain,
  surnameLemma,
  surnameShaped,
} from "./name-forms";
import { mayAgree } from "./name-agreement";
import { ADJECTIVAL, adjectiveBeside, isNotSurname, OPENERS, PREPOSITION, WORD_GIVEN } from "./name-words";

// Full names: a given name from the list (given-names.ts) with a patronymic, a surname or both,
// in any usual order and case; or a surname with initials. A capitalised word alone is never a
// name: Москва, «Российской Федерации» and a sentence's first word have no given name beside them.

/** «гр. Иванов», «ул. Ленина»: a dot that ends an abbreviation, not a sentence. */
const ABBREVIATION_BEFORE = /(?:^|[\s(])(?:гр|гражд|ул|тов|им|пр|пер|обл|пос)\.\s*$/iu;

/**
 * How a word is written: a name in capitals (requisites) or lower case (a hasty complaint) is read by its own rules.
 */
type Form = "title" | "upper" | "lower";

interface Token {
  word: string;
  start: number;
  end: number;
  form: Form;
  /** "И.И." or "И." */
  initials: boolean;
  /** The first word of a sentence is capitalised for that reason alone. */
  opensSentence: boolean;
  /** After «в», «на», «из»…: a place («в Кремле Владимир …»), not a surname before a given name. */
  afterPreposition: boolean;
  /** Only spaces (and at most one line break) between this token and the next, written alike. */
  joinsNext: boolean;
  /** The word in lower case with ё as е, and what it can be, worked out once: a name's rules ask many times. */
  plain: string;
  given?: boolean;
  patronymic?: boolean;
  clear?: boolean;
  strong?: boolean;
}

const INITIALS = String.raw`[А-ЯЁ]\.(?:[ \u00a0]?[А-ЯЁ]\.)?`;
const TITLE = "[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?";
const UPPER = "[А-ЯЁ]{2,}(?:-[А-ЯЁ]{2,})?(?![а-яё])";
const TOKEN = new RegExp(`${TITLE}|${UPPER}|${INITIALS}`, "g");
const TOKEN_OR_LOWER = new RegExp(`${TITLE}|${UPPER}|${INITIALS}|[а-яё]+(?:-[а-яё]+)?`, "g");
/** A patronymic in lower case: without one no name in lower case is read, so the words need not be. */
/** A patronymic's ending at a word's end; the word is then checked to be in lower case. */
const PATRONYMIC_END =
  /(?:ович|евич)(?:а|у|ем|е)?(?![а-яё])|(?:овн|евн|ичн)(?:а|ы|е|у|ой|ою)(?![а-яё])|ич(?:а|у|ем|ом|е)?(?![а-яё])/g;
/** How far from a patronymic in lower case the rest of its name may stand, in characters. */
const LOWER_REACH = 40;

/** Where lower-case words are read: around each lower-case patronymic, so a long text's other words cost nothing. */
function lowerSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(PATRONYMIC_END)) {
    let start = m.index;
    while (start > 0 && /[а-яёА-ЯЁ]/.test(text[start - 1])) start--;
    if (start < m.index && /[а-яё]/.test(text[start]))
      spans.push([start - LOWER_REACH, m.index + m[0].length + LOWER_REACH]);
  }
  return spans;
}

const formOf = (word: string): Form => (/^[а-яё]/.test(word) ? "lower" : /^[А-ЯЁ]{2}/.test(word) ? "upper" : "title");
/** Initials go with a name in any writing. */
const alike = (a: Token, b: Token) =>
  a.form === b.form || (a.initials && b.form !== "lower") || (b.initials && a.form !== "lower");

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const lower = lowerSpans(text);
  let span = 0;
  const pattern = lower.length > 0 ? TOKEN_OR_LOWER : TOKEN;
  for (const m of text.matchAll(pattern)) {
    if (/[\p{L}\p{N}]/u.test(text[m.index - 1] ?? "")) continue;
    const initials = m[0].includes(".");
    const form: Form = initials ? "title" : formOf(m[0]);
    if (form === "lower") {
      while (span < lower.length && lower[span][1] < m.index) span++;
      if (span === lower.length || lower[span][0] > m.index) continue;
    }
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    const opensSentence =
      ((m.index === before.length && /^[\s"«(—-]*$/.test(before)) || /(?:[.!?…]|\n)[\s"«»()—-]*$/.test(before)) &&
      !ABBREVIATION_BEFORE.test(before);
    const token: Token = {
      word: m[0],
      start: m.index,
      end: m.index + m[0].length,
      form,
      initials,
      opensSentence,
      afterPreposition: PREPOSITION.test(before),
      joinsNext: false,
      plain: plain(m[0]),
    };
    const prev = tokens.at(-1);
    if (prev) prev.joinsNext = alike(prev, token) && /^[ \u00a0]*\n?[ \u00a0]*$/.test(text.slice(prev.end, m.index));
    tokens.push(token);
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

/** What a word can be, worked out the first time a rule asks. */
function fact(t: Token, key: "given" | "patronymic" | "clear" | "strong", work: () => boolean): boolean {
  const known = t[key];
  if (known !== undefined) return known;
  const value = work();
  t[key] = value;
  return value;
}

const isGiven = (t: Token | undefined) =>
  !!t &&
  !t.initials &&
  fact(t, "given", () => !(t.form === "lower" && WORD_GIVEN.has(t.plain)) && isGivenForm(t.plain));
const isPatronymic = (t: Token | undefined) =>
  !!t &&
  !t.initials &&
  fact(t, "patronymic", () => (t.form === "lower" ? isClearPatronymic(t) : patronymicReading(t.plain) !== null));
const isStrongSurname = (t: Token | undefined) =>
  !!t &&
  !t.initials &&
  fact(t, "strong", () => surnameShaped(t.plain) && !isGiven(t) && !isPatronymic(t) && !isNotSurname(t.plain));
/** Lower-case words beside a name that are not surnames: prepositions, conjunctions, particles, pronouns. */
const LOWER_STOP =
  /^(?:в|во|на|из|о|об|к|ко|у|по|от|до|за|под|над|при|с|со|и|а|но|не|ни|же|ли|бы|то|что|как|он|она|они|мне|меня|нас|вас|тоже|также|был|была|было|были|это|его|ее|их|уже|еще|очень|сам|сама|гражданин|гражданка)$/;
/**
 * A sentence's first word that reads as a verb: past («Позвонила»), infinitive, present, first person
 * («Передаю», «Пишу») or imperative («Скажи», «Слушай», «Ответьте»). Not -лю, -рю, -ью, -ь: Ковалю, Соловью, Гусь.
 */
const VERB_ENDING =
  /^..+(?:ла|ли|ло|ал|ял|ил|ет|ит|ут|ют|ат|ят|ете|ите|ть|ться|лся|ась|ось|ись|юсь|есь|аю|яю|ую|ею|ню|жу|шу|чу|щу|иду|еду|ай|яй|уй|ьте|йте|[жшщчндв]и)$/;

/**
 * Where a word stands decides what else may make it a surname: "inner", after the name's first
 * word, any capitalised word; "first", first in a name, not a sentence's first word; "lead", before
 * a given name and a patronymic, a sentence's first word too unless it is a word sentences open with.
 */
type Place = "inner" | "first" | "lead";

/**
 * A surname by its ending, or any word that is not a name's other part, a role or a place. In lower
 * case only beside a given name and a patronymic and not a word a sentence is made of («звонил»,
 * «и», «с»): «звонил зима егор яковлевич».
 */
function isSurname(t: Token | undefined, place: Place): boolean {
  if (!t || t.initials) return false;
  if (isStrongSurname(t)) return true;
  const w = t.plain;
  if (isGiven(t) || isPatronymic(t) || isNotSurname(w)) return false;
  if (t.form === "lower")
    return place !== "first" && !OPENERS.has(w) && !VERB_ENDING.test(w) && !/и$/.test(w) && !LOWER_STOP.test(w);
  if (place === "inner" || !t.opensSentence) return true;
  return place === "lead" && !OPENERS.has(w) && !VERB_ENDING.test(w);
}
/** A surname that is also a given name (Ким, Лев, Вагнер) before a given name and a patronymic: «Ким Роман Юрьевич». */
const isLeadingSurname = (t: Token | undefined) => isSurname(t, "lead") || isGiven(t);
/**
 * The same after them: the wide list (given-names-wide.ts) has names that are surnames too («Ольга Петровна Вагнер»).
 */
const isTrailingSurname = (t: Token | undefined) => isSurname(t, "inner") || isGiven(t);
/**
 * A common given name beside one only OpenCorpora knows (Вагнер, Янина, Жамалетдин): the rarer is the
 * surname («Алине Вагнер», «Жамалетдина Надежда»).
 */
const isCommonGiven = (t: Token) => isGiven(t) && isCommonGivenForm(t.plain);
const commonBesideRare = (common: Token | undefined, rare: Token | undefined) =>
  !!common && !!rare && common.form !== "lower" && isCommonGiven(common) && isGiven(rare) && !isCommonGiven(rare);
/**
 * -ович, -евич, -овна, -евна, -ична, -ич of a name in -а/-я (Ильич): with one, an unknown word beside is a given name.
 */
const isClearPatronymic = (t: Token | undefined): boolean =>
  !!t && !t.initials && fact(t, "clear", () => clearPatronymic(t.plain));
/** A capitalised word that may be a given name not in the list («Ипполит»). */
const isOtherGiven = (t: Token | undefined, place: Place) => isSurname(t, place) && !isStrongSurname(t);
/** A surname beside a given name alone: any word but an adjective («Иван Грозный», «Роман Толстого»). */
const isLooseSurname = (t: Token | undefined, place: Place) =>
  isStrongSurname(t) || (isSurname(t, place) && !ADJECTIVAL.test(t!.plain) && !t!.afterPreposition);
/**
 * A word in -ой/-ей beside a man's given name in the instrumental is a noun, not an adjective, which
 * would be in -ым/-им: «Маратом Зимой», «Николаем Щукой» (but «Екатериной Великой»).
 */
const nounBesideManInstrumental = (given: Token, surname: Token, place: Place) =>
  /[ое]й$/.test(surname.plain) &&
  isSurname(surname, place) &&
  !surname.afterPreposition &&
  givenReadings(given.word).some((r) => r.gender === "m" && r.grammarCase === 4);
/** A given name not in the list beside a surname by its ending, of one gender and case («Радославы Лазаричевой»). */
const unlistedBeside = (given: Token | undefined, surname: Token | undefined, place: Place) =>
  // The given name may have a surname's ending too (Аливантина, Фиделия, Харука): its place says what it is.
  isSurname(given, place) &&
  given!.form !== "lower" &&
  isStrongSurname(surname) &&
  !adjectiveBeside(given!.plain, surname!.plain) &&
  mayAgree(given!.word, surname!.word);
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
  if (together(tokens, i, 3) && isLeadingSurname(a) && isGiven(b) && isPatronymic(c))
    return ["surname", "given", "patronymic"];
  if (together(tokens, i, 3) && isGiven(a) && isPatronymic(b) && isTrailingSurname(c))
    return ["given", "patronymic", "surname"];
  // Between a surname and a clear patronymic, or before both, a word is a given name whatever its ending (Евгения).
  if (together(tokens, i, 3) && isLeadingSurname(a) && isSurname(b, "inner") && isClearPatronymic(c))
    return ["surname", "given", "patronymic"];
  if (together(tokens, i, 3) && isSurname(a, "lead") && isClearPatronymic(b) && isTrailingSurname(c))
    return ["given", "patronymic", "surname"];
  if (together(tokens, i, 2) && isGiven(a) && isPatronymic(b)) return ["given", "patronymic"];
  if (together(tokens, i, 2) && isOtherGiven(a, "first") && isClearPatronymic(b)) return ["given", "patronymic"];
  if (together(tokens, i, 2) && isSurname(a, "first") && fullInitials(b)) return ["surname", "initials"];
  if (together(tokens, i, 2) && isStrongSurname(a) && b.initials) return ["surname", "initials"];
  if (together(tokens, i, 2) && fullInitials(a) && isSurname(b, "inner")) return ["initials", "surname"];
  if (together(tokens, i, 2) && a.initials && isStrongSurname(b)) return ["initials", "surname"];
  if (together(tokens, i, 2) && isStrongSurname(a) && isGiven(b)) return ["surname", "given"];
  if (together(tokens, i, 2) && isGiven(a) && (isLooseSurname(b, "inner") || nounBesideManInstrumental(a, b, "inner")))
    return ["given", "surname"];
  if (
    together(tokens, i, 2) &&
    a.form !== "lower" &&
    isGiven(b) &&
    (isLooseSurname(a, "first") || nounBesideManInstrumental(b, a, "first"))
  )
    return ["surname", "given"];
  if (together(tokens, i, 2) && commonBesideRare(a, b)) return ["given", "surname"];
  if (together(tokens, i, 2) && commonBesideRare(b, a)) return ["surname", "given"];
  if (together(tokens, i, 2) && unlistedBeside(a, b, "lead")) return ["given", "surname"];
  if (together(tokens, i, 2) && unlistedBeside(b, a, "inner")) return ["surname", "given"];
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
