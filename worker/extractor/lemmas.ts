/// <reference path="./az.d.ts" />
import azDawg from "az/src/az.dawg.js";

// Russian word forms to their dictionary forms (docs/conversations.md "Search"), from OpenCorpora's
// dictionary as Az.js ships it: `words.dawg` maps each of ~5 million forms to its paradigms and its
// place in each, `paradigms.array` gives a paradigm's suffix and prefix of each form, so the lemma is
// the word with its form's affixes swapped for those of the paradigm's first form (the infinitive,
// the masculine nominative singular). A word of several lexemes (стали: сталь, стать) has each.

type Dawg = { findAll(word: string, replaces: Record<string, string>): [string, [number, number][]][] };
type DawgClass = { fromArrayBuffer(data: ArrayBuffer, format: "words"): Dawg };

export type Lemmatizer = (word: string) => string[];

/** The dictionary's files as the bundle or the file system gives them. */
export type LemmaData = { words: ArrayBuffer; paradigms: ArrayBuffer; suffixes: string[] };

// Az's paradigms name a form's prefix by its index here (по-, наи- of superlatives).
const PREFIXES = ["", "по", "наи"];
// The dictionary writes ё; a word written with е finds it too.
const E_AS_YO = { е: "ё" };

/** Lower case and ё as е, as the index keeps every word. */
export const normalWord = (word: string) => word.toLowerCase().replaceAll("ё", "е");

/** Each paradigm: its forms' suffix indexes, then their tags, then their prefix indexes (Az's layout). */
function paradigmsOf(data: ArrayBuffer): Uint16Array[] {
  const list = new Uint16Array(data);
  const paradigms: Uint16Array[] = [];
  let at = 1;
  for (let i = 0; i < list[0]!; i++) {
    const size = list[at++]!;
    paradigms.push(list.subarray(at, at + size));
    at += size;
  }
  return paradigms;
}

/** A lemmatizer over the dictionary: the lemmas a normalized word can be a form of, none when it is unknown. */
export function lemmatizerOf(data: LemmaData): Lemmatizer {
  const words = (azDawg as unknown as { DAWG: DawgClass }).DAWG.fromArrayBuffer(data.words, "words");
  const paradigms = paradigmsOf(data.paradigms);
  const { suffixes } = data;
  return (word) => {
    const lemmas = new Set<string>();
    for (const [form, places] of words.findAll(word, E_AS_YO)) {
      for (const [paradigmIndex, formIndex] of places) {
        const paradigm = paradigms[paradigmIndex]!;
        const count = paradigm.length / 3;
        const prefix = PREFIXES[paradigm[2 * count + formIndex]!]!;
        const base = form.slice(prefix.length, form.length - suffixes[paradigm[formIndex]!]!.length);
        lemmas.add(normalWord(PREFIXES[paradigm[2 * count]!]! + base + suffixes[paradigm[0]!]!));
      }
    }
    return [...lemmas];
  };
}
