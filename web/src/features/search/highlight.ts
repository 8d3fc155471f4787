import { queryStems, stemMatches, stemOf, wordsOf } from "../../../../worker/conversations/search/words";

// The words a search found, highlighted in the message it opened (docs/web.md "Search"), with the
// CSS Custom Highlight API: no change to the rendered Markdown, and gone with the next search.

const HIGHLIGHT = "search-hit";

/** Highlights in `root` every word that the query `q` finds (any of its forms); the count of them. */
export function highlightWords(root: Element, q: string): number {
  const registry = typeof CSS !== "undefined" ? CSS.highlights : undefined;
  if (!registry || typeof Highlight === "undefined") return 0;
  const stems = queryStems(q);
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const { word, index } of wordsOf(node.textContent ?? "")) {
      const stem = stemOf(word);
      if (!stems.some((q) => stemMatches(stem, q))) continue;
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
