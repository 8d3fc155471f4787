import type { StoredCitation } from "../../db/history-schema";

/**
 * A reply's citations in its text as readers see it, where the privacy guard's values replaced placeholders
 * (docs/privacy.md) and moved what follows: each found again by its text, in order, from where the last one was;
 * one no longer found is left out rather than marking the wrong words.
 */
export function relocated(citations: StoredCitation[], text: string): StoredCitation[] {
  const out: StoredCitation[] = [];
  let from = 0;
  let last: { stored: number; shown: number } | undefined;
  for (const c of citations) {
    // Items of one group share its text and place (a range, «ст. ст. 309, 310»): they move together.
    const same = last?.stored === c.start;
    const start = same && last ? last.shown : text.indexOf(c.text, from);
    if (start < 0) continue;
    out.push({ ...c, start, end: start + c.text.length });
    last = { stored: c.start, shown: start };
    from = start + c.text.length;
  }
  return out;
}
