import { stemmer } from "@orama/stemmers/russian";

// Words as search sees them (docs/conversations.md "Search"): case and ё/е do not matter, and a
// Russian word is reduced to its stem (Snowball), so аренда, аренды and арендой are one word.

/** A stem this long or longer also finds the stems it begins (договор → договорной). */
const PREFIX_MIN_CHARS = 3;

const WORD = /[\p{L}\p{N}]+/gu;

/** The word's searchable form: lower case, ё as е, a Cyrillic word stemmed. */
export function stemOf(word: string): string {
  const lower = word.toLowerCase().replaceAll("ё", "е");
  return /[а-я]/.test(lower) ? stemmer(lower) : lower;
}

/** Every word of a text with where it stands, in order. */
export function wordsOf(text: string): { word: string; index: number }[] {
  return Array.from(text.matchAll(WORD), (m) => ({ word: m[0], index: m.index }));
}

/** The indexed body of a text: its stems, space-separated. */
export const stemsOf = (text: string) =>
  wordsOf(text)
    .map((w) => stemOf(w.word))
    .join(" ");

/** A query's stems, each once, in order (empty when it has no words: only quotes, `*` and the like). */
export const queryStems = (query: string) => [...new Set(wordsOf(query).map((w) => stemOf(w.word)))];

/** Whether an indexed stem is found by a query stem (the same rule as the FTS query). */
export const stemMatches = (stem: string, queryStem: string) => (queryStem.length >= PREFIX_MIN_CHARS ? stem.startsWith(queryStem) : stem === queryStem);

/**
 * The FTS5 MATCH expression for one user's stems: every stem must occur. Stems are quoted strings,
 * so nothing a user types (quotes, `*`, NEAR, AND) is read as FTS syntax.
 */
export function matchExpression(owner: string, stems: string[]): string {
  const terms = stems.map((s) => `body : "${s}"${s.length >= PREFIX_MIN_CHARS ? " *" : ""}`);
  return [`owner : "${owner}"`, ...terms].join(" AND ");
}

const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 160;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A short piece of `text` around its first match, the matching words in `<mark>…</mark>` and the
 * rest HTML-escaped, "…" where it was cut; the text's start when no word matches.
 */
export function snippetOf(text: string, stems: string[]): string {
  const words = wordsOf(text);
  const hits = words.filter((w) => {
    const stem = stemOf(w.word);
    return stems.some((q) => stemMatches(stem, q));
  });
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
