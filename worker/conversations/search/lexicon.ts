import { normalWord, stemOf, type WordTerms, wordsOf } from "./words";
import { logEvent } from "../../http/log";

// What search keeps of each word (docs/conversations.md "Search"): its lemmas, from the dictionary
// in the extractor Worker (one RPC for all the words at hand), or its Snowball stem when the
// dictionary lacks the word (names, Latin words, typos) or cannot be reached.

/** The dictionary's side of the EXTRACTOR binding (worker/extractor's `lemmas`). */
export type Lexicon = { lemmas(words: string[]): Promise<string[][]> };

/**
 * The indexed body of a text: its words' terms, space-separated, and whether they are stems only
 * because the dictionary could not be asked (such rows are marked, and written again overnight).
 */
export type IndexBody = { readonly words: string; readonly inStems: boolean };

const CYRILLIC = /[а-я]/;

/** The terms of every word given, asking the dictionary once for the Cyrillic ones; `inStems` when it failed. */
async function lookUp(lexicon: Lexicon, words: string[]): Promise<{ terms: WordTerms; inStems: boolean }> {
  const unique = [...new Set(words.map(normalWord))];
  const russian = unique.filter((word) => CYRILLIC.test(word));
  const lemmas = new Map<string, string[]>();
  let inStems = false;
  if (russian.length) {
    try {
      const found = await lexicon.lemmas(russian);
      for (const [i, word] of russian.entries()) lemmas.set(word, found[i] ?? []);
    } catch (err) {
      // Search still works on stems meanwhile.
      logEvent("error", "lemmas unavailable, stems instead", { err });
      inStems = true;
    }
  }
  const terms: WordTerms = new Map(
    unique.map((word) => {
      const own = lemmas.get(word) ?? [];
      return [word, own.length ? { terms: own, known: true } : { terms: [stemOf(word)], known: false }];
    }),
  );
  return { terms, inStems };
}

/** The terms of every word given, asking the dictionary once for the Cyrillic ones. */
export const termsOf = async (lexicon: Lexicon, words: string[]): Promise<WordTerms> =>
  (await lookUp(lexicon, words)).terms;

/** The indexed bodies of several texts, in their order, with one call to the dictionary. */
export async function indexBodies(lexicon: Lexicon, texts: string[]): Promise<IndexBody[]> {
  const words = texts.map((text) => wordsOf(text).map((w) => w.word));
  const { terms, inStems } = await lookUp(lexicon, words.flat());
  return words.map((list) => ({
    words: list.flatMap((word) => terms.get(normalWord(word))!.terms).join(" "),
    inStems,
  }));
}

/** The indexed body of one text. */
export const indexBody = async (lexicon: Lexicon, text: string) => (await indexBodies(lexicon, [text]))[0]!;
