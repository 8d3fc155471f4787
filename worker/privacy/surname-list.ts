import { unpackNames } from "./packed-names";
import { WIDE_SURNAMES } from "./surnames-wide";

// Surnames with no ending that says so (Шмидт, Цой, Гейне), known from OpenCorpora's dictionary
// (surnames-wide.ts). A man's declines like a noun (Шмидта, Шмидтом; Цоя, Цою), a woman's and one
// ending in a vowel do not. Words are lower case with ё as е.

/** Gender and case as name-agreement.ts reads them: "m0" a man's nominative … "f5" a woman's prepositional. */
type Reading = string;

let surnames: Set<string> | undefined;
const listed = () => (surnames ??= new Set(unpackNames(WIDE_SURNAMES)));

const EVERY_CASE: Reading[] = ["m0", "m1", "m2", "m3", "m4", "m5", "f0", "f1", "f2", "f3", "f4", "f5"];
const UNDECLINED_WOMAN: Reading[] = ["m0", "f0", "f1", "f2", "f3", "f4", "f5"];

/** A man's case endings after the stem: after a consonant (Шмидт-а), or in place of -й/-ь (Цо-я). */
const AFTER_CONSONANT: [string, Reading[]][] = [
  ["а", ["m1", "m3"]],
  ["у", ["m2"]],
  ["ом", ["m4"]],
  ["ем", ["m4"]],
  ["е", ["m5"]],
];
const AFTER_SOFT: [string, Reading[]][] = [
  ["я", ["m1", "m3"]],
  ["ю", ["m2"]],
  ["ем", ["m4"]],
  ["е", ["m5"]],
];

/** The listed surname a word is a form of, and the genders and cases it can be in, or null. */
function reading(word: string): { lemma: string; readings: Reading[] } | null {
  if (listed().has(word)) return { lemma: word, readings: /[аеиоуыэюя]$/.test(word) ? EVERY_CASE : UNDECLINED_WOMAN };
  for (const [ending, readings] of AFTER_CONSONANT) {
    const stem = word.slice(0, -ending.length);
    if (word.endsWith(ending) && /[бвгджзклмнпрстфхцчшщ]$/.test(stem) && listed().has(stem))
      return { lemma: stem, readings };
  }
  for (const [ending, readings] of AFTER_SOFT) {
    const stem = word.slice(0, -ending.length);
    for (const soft of ["й", "ь"])
      if (word.endsWith(ending) && listed().has(stem + soft)) return { lemma: stem + soft, readings };
  }
  return null;
}

/** Whether a word is a form of a listed surname. */
export const isListedSurname = (word: string) => reading(word) !== null;

/** A listed surname's nominative (a man's), or null when the word is none. */
export const listedSurnameLemma = (word: string) => reading(word)?.lemma ?? null;

/** The genders and cases a listed surname's form can be in, or undefined when the word is none. */
export const listedSurnameReadings = (word: string) => reading(word)?.readings;
