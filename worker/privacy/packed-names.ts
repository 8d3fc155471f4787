// OpenCorpora's name lists (given-names-wide.ts, surnames-wide.ts) are packed to keep the API Worker
// under its 600 KB gzip goal: a sorted list, each word written as how many letters (0–9) it shares
// with the one before and then the rest, the letters а–я (no ё) as the ASCII letters a–z, A–F. Packed,
// they gzip to 24 KB instead of 39.

const CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя";
const LATIN = "abcdefghijklmnopqrstuvwxyzABCDEF";

const swap = (text: string, from: string, to: string) => text.replace(/./g, (c) => to[from.indexOf(c)] ?? c);

/** Packs words of the letters а–я, lower case. */
export function packNames(words: string[]): string {
  let previous = "";
  const packed = words.toSorted().map((word) => {
    let shared = 0;
    while (shared < 9 && word[shared] !== undefined && word[shared] === previous[shared]) shared++;
    previous = word;
    return shared + word.slice(shared);
  });
  return swap(packed.join(""), CYRILLIC, LATIN);
}

/** The words of a packed list (line breaks in it are left out). */
export function unpackNames(packed: string): string[] {
  const words: string[] = [];
  let previous = "";
  for (const [, shared, rest] of swap(packed.replace(/\s/g, ""), LATIN, CYRILLIC).matchAll(/(\d)(\D*)/g)) {
    previous = previous.slice(0, Number(shared)) + rest;
    words.push(previous);
  }
  return words;
}
