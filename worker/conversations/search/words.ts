import { normalWord, stemOf, wordsOf } from "../../text/words";

// Words as search sees them (docs/conversations.md "Search"): case and ё/е do not matter, and a
// Russian word is kept as its lemmas (lexicon.ts), so вернул finds вернуть and ребёнка ребёнок.
// The Snowball stem (worker/text/words.ts, shared with the law library) stands in for a word the
// dictionary lacks, and is what the web app highlights with (stemOf, stemMatches), having no dictionary.

export { normalWord, stemOf, wordsOf };

/** A stem this long or longer also finds the stems it begins (договор → договорной). */
const PREFIX_MIN_CHARS = 3;

/** A query's stems, each once, in order (empty when it has no words: only quotes, `*` and the like). */
export const queryStems = (query: string) => [...new Set(wordsOf(query).map((w) => stemOf(w.word)))];

/** Whether a stem is found by a query stem, as the web app highlights. */
export const stemMatches = (stem: string, queryStem: string) =>
  queryStem.length >= PREFIX_MIN_CHARS ? stem.startsWith(queryStem) : stem === queryStem;

/**
 * One word of a query: the terms any of which finds it (its lemmas, or its stem), and whether a
 * term's beginning does too. Only the last word, and only when the dictionary does not know it, is
 * taken as a beginning: the word the user is still typing (the search runs as they type), while a
 * whole word finds only itself (суд not судак, заём not за).
 */
export type QueryWord = { terms: string[]; prefix: boolean };

/** What search keeps of a normalized word: its lemmas (`known`), or else its stem. */
export type WordTerms = Map<string, { terms: string[]; known: boolean }>;

/** The words of a query with their terms, each once, in order. */
export function queryWordsOf(query: string, terms: WordTerms): QueryWord[] {
  const words = [...new Set(wordsOf(query).map((w) => normalWord(w.word)))];
  return words.map((word, i) => {
    const own = terms.get(word)!;
    const typing = i === words.length - 1 && !own.known && own.terms[0]!.length >= PREFIX_MIN_CHARS;
    return { terms: own.terms, prefix: typing };
  });
}

/** Whether an indexed term is found by a query word (the same rule as the FTS query). */
export const termMatches = (term: string, word: QueryWord) =>
  word.terms.some((t) => (word.prefix ? term.startsWith(t) : term === t));

/**
 * The FTS5 MATCH expression for one user's query: every word must occur, in any of its terms. Terms
 * are quoted strings, so nothing a user types (quotes, `*`, NEAR, AND) is read as FTS syntax.
 */
export function matchExpression(owner: string, words: QueryWord[]): string {
  const clauses = words.map((w) => `(${w.terms.map((t) => `body : "${t}"${w.prefix ? " *" : ""}`).join(" OR ")})`);
  return [`owner : "${owner}"`, ...clauses].join(" AND ");
}

/**
 * The words of `text` that the query found, each once, lower case with ё as е: the web app, which
 * has no dictionary, highlights exactly these in the message a hit opens.
 */
export const matchedWords = (text: string, isMatch: (word: string) => boolean) => [
  ...new Set(
    wordsOf(text)
      .filter((w) => isMatch(w.word))
      .map((w) => normalWord(w.word)),
  ),
];

const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 160;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A short piece of `text` around its first match, the matching words in `<mark>…</mark>` and the
 * rest HTML-escaped, "…" where it was cut; the text's start when no word matches.
 */
export function snippetOf(text: string, isMatch: (word: string) => boolean): string {
  const words = wordsOf(text);
  const hits = words.filter((w) => isMatch(w.word));
  const first = hits[0]?.index ?? 0;
  let start = Math.max(0, first - SNIPPET_BEFORE);
  let end = Math.min(text.length, first + SNIPPET_AFTER);
  // Whole words at the edges.
  if (start > 0) start = words.find((w) => w.index >= start)?.index ?? start;
  if (end < text.length) {
    const last = words.findLast((w) => w.index + w.word.length <= end && w.index >= first);
    if (last) end = last.index + last.word.length;
  }
  const parts: string[] = [];
  let at = start;
  for (const hit of hits) {
    if (hit.index < start || hit.index + hit.word.length > end) continue;
    parts.push(escapeHtml(text.slice(at, hit.index)), `<mark>${escapeHtml(hit.word)}</mark>`);
    at = hit.index + hit.word.length;
  }
  parts.push(escapeHtml(text.slice(at, end)));
  const body = parts.join("").replace(/\s+/g, " ").trim();
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}
