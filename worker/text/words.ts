import { stemmer } from "@orama/stemmers/russian";

// Russian words as the app's searches see them (docs/conversations.md "Search", docs/law.md "Answers grounded in
// the text"): case and ё/е do not matter, and a Cyrillic word's Snowball stem stands for its forms. Kept apart from
// both features so the chats' search and the law library share one rule.

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case and ё as е, as the indexes keep every word. */
export const normalWord = (word: string) => word.toLowerCase().replaceAll("ё", "е");

/** The word's stem: lower case, ё as е, a Cyrillic word stemmed (Snowball). */
export function stemOf(word: string): string {
  const lower = normalWord(word);
  return /[а-я]/.test(lower) ? stemmer(lower) : lower;
}

/** Every word of a text with where it stands, in order. */
export function wordsOf(text: string): { word: string; index: number }[] {
  return Array.from(text.matchAll(WORD), (m) => ({ word: m[0], index: m.index }));
}
