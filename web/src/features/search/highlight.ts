import { normalWord, queryStems, stemMatches, stemOf, wordsOf } from "../../../../worker/conversations/search/words";

// The words a search found, highlighted in the message it opened (docs/web.md "Search"), with the
// CSS Custom Highlight API: no change to the rendered Markdown, and gone with the next search.

const HIGHLIGHT = "search-hit";

/**
 * The rule for a word: one of the forms the server found (`found`, space-separated: the server's
 * dictionary knows вернул is вернуть), or, for a link without them, the query's stems.
 */
function foundWord(q: string, found: string): (word: string) => boolean {
  const forms = new Set(found.split(" ").filter(Boolean));
  if (forms.size > 0) return (word) => forms.has(normalWord(word));
  const stems = queryStems(q);
  return (word) => {
    const stem = stemOf(word);
    return stems.some((s) => stemMatches(stem, s));
  };
}

/** Highlights in `root` every word that the query `q` found (the forms in `found`); the count of them. */
export function highlightWords(root: Element, q: string, found = ""): number {
  const registry = typeof CSS !== "undefined" ? CSS.highlights : undefined;
  if (!registry || typeof Highlight === "undefined") return 0;
  const isFound = foundWord(q, found);
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const { word, index } of wordsOf(node.textContent ?? "")) {
      if (!isFound(word)) continue;
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + word.length);
      ranges.push(range);
    }
  }
  registry.set(HIGHLIGHT, new Highlight(...ranges));
  return ranges.length;
}

/** Takes the highlight away (another chat opened). */
export const clearHighlight = () => {
  if (typeof CSS !== "undefined") CSS.highlights?.delete(HIGHLIGHT);
};
