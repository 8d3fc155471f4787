import { FEMALE_NAMES, MALE_NAMES } from "./given-names";
import { WIDE_FEMALE_NAMES, WIDE_MALE_NAMES } from "./given-names-wide";
import { unpackNames } from "./packed-names";
import { isListedSurname, listedSurnameLemma } from "./surname-list";

// The forms a name takes in Russian cases, so «Ивану Ивановичу Иванову» is found and read as
// «Иванов Иван Иванович». Words here are lower case with ё as е.

export type Gender = "m" | "f";
/** 0 nominative, 1 genitive, 2 dative, 3 accusative, 4 instrumental, 5 prepositional. */
export type Case = 0 | 1 | 2 | 3 | 4 | 5;

export interface GivenForm {
  lemma: string;
  gender: Gender;
  grammarCase: Case;
  /** From the hand list (given-names.ts), not only OpenCorpora's (given-names-wide.ts). */
  common: boolean;
}

export const plain = (word: string) => word.toLowerCase().replaceAll("ё", "е");

/** Stems of names that lose a vowel when declined. */
const FLEETING: Record<string, string> = { павел: "павл", лев: "льв" };

const HUSHING = /[гкхжчшщ]$/;

/** The six case forms of a given name, nominative first. */
function declensions(name: string, gender: Gender): string[] {
  const last = name.at(-1)!;
  const stem = name.slice(0, -1);
  if (last === "а")
    return [name, stem + (HUSHING.test(stem) ? "и" : "ы"), `${stem}е`, `${stem}у`, `${stem}ой`, `${stem}е`];
  if (last === "я") {
    const dative = stem.endsWith("и") ? `${stem}и` : `${stem}е`;
    return [name, `${stem}и`, dative, `${stem}ю`, `${stem}ей`, dative];
  }
  if (last === "ь" && gender === "f") return [name, `${stem}и`, `${stem}и`, name, `${stem}ью`, `${stem}и`];
  if (last === "й" || last === "ь")
    return [name, `${stem}я`, `${stem}ю`, `${stem}я`, `${stem}ем`, stem.endsWith("и") ? `${stem}и` : `${stem}е`];
  const base = FLEETING[name] ?? name;
  return [name, `${base}а`, `${base}у`, `${base}а`, `${base}ом`, `${base}е`];
}

function formsTable(): Map<string, GivenForm[]> {
  const table = new Map<string, GivenForm[]>();
  for (const [list, gender] of [
    [MALE_NAMES, "m"],
    [FEMALE_NAMES, "f"],
  ] as const) {
    for (const name of plain(list).split(/\s+/).filter(Boolean)) {
      declensions(name, gender).forEach((form, grammarCase) => {
        const known = table.get(form) ?? [];
        if (!known.some((k) => k.lemma === name && k.gender === gender))
          known.push({ lemma: name, gender, grammarCase: grammarCase as Case, common: true });
        table.set(form, known);
      });
    }
  }
  return table;
}

const GIVEN_FORMS = formsTable();

// OpenCorpora's ten thousand names are not declined ahead (that would cost each isolate tens of ms):
// a word's possible nominatives are looked up in them, and each is declined to check the word.
let wideNames: Record<Gender, Set<string>> | undefined;
const wideList = () =>
  (wideNames ??= { m: new Set(unpackNames(WIDE_MALE_NAMES)), f: new Set(unpackNames(WIDE_FEMALE_NAMES)) });
/** What a case ending may have replaced: a nominative's last letter or nothing (Марат, Маратом). */
const NOMINATIVE_ENDINGS = ["", "а", "я", "й", "ь"];

/** The nominatives a word may be a case form of: itself, or less a one-letter or a two-letter case ending. */
function nominativesOf(word: string): string[] {
  const nominatives = [word];
  if (/[аыиеуюя]$/.test(word)) for (const ending of NOMINATIVE_ENDINGS) nominatives.push(word.slice(0, -1) + ending);
  if (/(?:ой|ей|ом|ем|ью)$/.test(word))
    for (const ending of NOMINATIVE_ENDINGS) nominatives.push(word.slice(0, -2) + ending);
  return nominatives;
}

/** The readings of a word as a case form of a name from OpenCorpora's list (given-names-wide.ts). */
function wideReadings(word: string): GivenForm[] {
  const readings: GivenForm[] = [];
  for (const name of nominativesOf(word)) {
    for (const gender of ["m", "f"] as const) {
      if (!wideList()[gender].has(name) || readings.some((r) => r.lemma === name && r.gender === gender)) continue;
      const grammarCase = declensions(name, gender).indexOf(word);
      if (grammarCase >= 0) readings.push({ lemma: name, gender, grammarCase: grammarCase as Case, common: false });
    }
  }
  return readings;
}

const givenForms = (plainWord: string): GivenForm[] => [
  ...(GIVEN_FORMS.get(plainWord) ?? []),
  ...wideReadings(plainWord),
];

/** Whether a word in lower case with ё as е is a case form of a given name in the lists. */
export const isGivenForm = (plainWord: string) => GIVEN_FORMS.has(plainWord) || wideReadings(plainWord).length > 0;

/** Whether it is a form of a name from the hand list, one people in Russia commonly have. */
export const isCommonGivenForm = (plainWord: string) => GIVEN_FORMS.has(plainWord);

/** What a word can be as a given name: every reading, nominative ones first. */
export const givenReadings = (word: string): GivenForm[] =>
  givenForms(plain(word)).toSorted((a, b) => a.grammarCase - b.grammarCase);

const MALE_PATRONYMIC = /(?:ов|ев|[ьи]?)ич(а|у|ем|ом|е)?$/;
const FEMALE_PATRONYMIC = /(?:овн|евн|ичн)(а|ы|е|у|ой|ою)$/;

/** Adjectives shaped like a woman's patronymic («Основной государственный …»). */
const NOT_PATRONYMIC = /^(?:основн|условн|любовн|духовн|верховн|виновн|уголовн|церковн|греховн|дословн)/;

/** A patronymic's gender, case and nominative, or null when the word is not one. */
export function patronymicReading(word: string): { lemma: string; gender: Gender; grammarCase: Case | null } | null {
  const w = plain(word);
  if (w.length < 5 || NOT_PATRONYMIC.test(w)) return null;
  const male = MALE_PATRONYMIC.exec(w);
  if (male) {
    const ending = male[1] ?? "";
    const grammarCase = ({ "": 0, а: 1, у: 2, ем: 4, ом: 4, е: 5 } as Record<string, Case>)[ending];
    return {
      lemma: w.slice(0, w.length - ending.length),
      gender: "m",
      grammarCase: ending === "а" ? null : grammarCase,
    };
  }
  const female = FEMALE_PATRONYMIC.exec(w);
  if (female) {
    const ending = female[1];
    const grammarCase = ({ а: 0, ы: 1, у: 3, ой: 4, ою: 4 } as Record<string, Case>)[ending] ?? null;
    return { lemma: `${w.slice(0, w.length - ending.length)}а`, gender: "f", grammarCase };
  }
  return null;
}

/**
 * A patronymic no ordinary word has: -ович, -евич, -овна, -евна, -ична in any case, or -ич of a
 * given name in -а/-я from the list (Ильич, Кузьмич, Никитич).
 */
export function clearPatronymic(word: string): boolean {
  const reading = patronymicReading(word);
  if (!reading) return false;
  if (/(?:ович|евич|овн|евн|ичн)/.test(reading.lemma)) return true;
  const stem = /^(.+?)ич$/.exec(reading.lemma)?.[1];
  return !!stem && (isGivenForm(`${stem}а`) || isGivenForm(`${stem}я`));
}

/**
 * Endings of surnames in any case: -ов/-ев/-ин, -ский/-цкий, -ук, -ян and the undeclined -енко, -дзе, -ых, -ия and the
 * like.
 */
const SURNAME =
  /(?:[оеё]в|[иы]н)(?:а|у|ым|е|ой|ою|ы|ых|ыми)?$|[сц]к(?:ий|ого|ому|им|ом|ая|ой|ую|ие|их)$|(?:[уюя]к|ян|янц)(?:а|у|ом|е)?$|(?:енко|дзе|швили|[ыи]х|ия|ани)$/;

/** A surname by its ending alone. */
export const endsLikeSurname = (word: string) => SURNAME.test(plain(word)) && plain(word).length >= 4;

/** A surname by its ending or by OpenCorpora's list of those with none (Шмидт, Цой). */
export const surnameShaped = (word: string) => endsLikeSurname(word) || isListedSurname(plain(word));

/**
 * A surname's nominative for a person of known gender named in a known case (best effort: -ов, -ин, -ский and consonant
 * endings).
 */
export function surnameLemma(word: string, gender: Gender | null, grammarCase: Case | null): string {
  const w = plain(word);
  const listed = listedSurnameLemma(w);
  if (listed) return gender === "m" ? listed : w;
  const ov = /^(.*(?:[оеё]в|[иы]н))(а|у|ым|е|ой|ою)?$/.exec(w);
  if (ov) {
    if (gender === "f") return `${ov[1]}а`;
    if (gender === "m") return ov[1];
    return ["ым", "е"].includes(ov[2] ?? "") ? ov[1] : w;
  }
  const sky = /^(.*[сц]к)(ий|ого|ому|им|ом|ая|ой|ую)$/.exec(w);
  if (sky) {
    if (gender === "f") return `${sky[1]}ая`;
    if (gender === "m") return `${sky[1]}ий`;
    return ["ого", "ому", "им", "ом"].includes(sky[2]) ? `${sky[1]}ий` : w;
  }
  if (gender === "m" && grammarCase && grammarCase > 0) {
    const consonant = /^(.*[бвгджзклмнпрстфхцчшщ])(а|у|ом|ем|е)$/.exec(w);
    if (consonant) return consonant[1];
  }
  return w;
}

/** A surname's stem, which every case and both genders share (иванов for Иванов, Ивановой). */
export function surnameStem(lemma: string): string {
  return lemma.replace(/(?:[оеё]в|[иы]н)а$/, (m) => m.slice(0, -1)).replace(/[сц]к(?:ий|ая)$/, (m) => m.slice(0, 2));
}
