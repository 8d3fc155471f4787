import type { Env } from "../../env";
import { normalWord, stemOf, type WordTerms, wordsOf } from "./words";

// What search keeps of each word (docs/conversations.md "Search"): its lemmas, from the dictionary
// in the extractor Worker (one RPC for all the words at hand), or its Snowball stem when the
// dictionary lacks the word (names, Latin words, typos) or cannot be reached.

/** The dictionary's side of the EXTRACTOR binding. */
export type Lexicon = Pick<Env["EXTRACTOR"], "lemmas">;

/** The indexed body of a text: its words' terms, space-separated (made only here, from the dictionary). */
export type IndexBody = string & { readonly indexed: true };

const CYRILLIC = /[а-я]/;

/** The terms of every word given, asking the dictionary once for the Cyrillic ones. */
export async function termsOf(lexicon: Lexicon, words: string[]): Promise<WordTerms> {
  const unique = [...new Set(words.map(normalWord))];
  const russian = unique.filter((word) => CYRILLIC.test(word));
  const lemmas = new Map<string, string[]>();
  if (russian.length) {
    try {
      const found = await lexicon.lemmas(russian);
      for (const [i, word] of russian.entries()) lemmas.set(word, found[i] ?? []);
    } catch (err) {
      // Search still works on stems; the reindex (docs/operations.md "Search index") redoes such rows.
      console.error("lemmas unavailable, stems instead", err);
    }
  }
  return new Map(
    unique.map((word) => {
      const own = lemmas.get(word) ?? [];
      return [word, own.length ? { terms: own, known: true } : { terms: [stemOf(word)], known: false }];
    }),
  );
}

/** The indexed bodies of several texts, in their order, with one call to the dictionary. */
export async function indexBodies(lexicon: Lexicon, texts: string[]): Promise<IndexBody[]> {
  const words = texts.map((text) => wordsOf(text).map((w) => w.word));
  const terms = await termsOf(lexicon, words.flat());
  return words.map((list) => list.flatMap((word) => terms.get(normalWord(word))!.terms).join(" ") as IndexBody);
}

/** The indexed body of one text. */
export const indexBody = async (lexicon: Lexicon, text: string) => (await indexBodies(lexicon, [text]))[0]!;
