import type { Expected, Phrasing } from "./fixtures/law-phrasing-format";

// Precision and recall of the citation finder on a phrasing set: per sentence, the found items and the expected
// ones are matched by act, article, part, point and subpoint, each at most once. Used by
// test/worker/law-citations.test.ts and by `npm run bench -- law`.

export const RECALL_GOAL = 0.98;
export const PRECISION_GOAL = 0.99;

type Find = (text: string) => Expected[];

export interface Score {
  sentences: number;
  expected: number;
  found: number;
  matched: number;
  precision: number;
  recall: number;
  /** Expected items not found and found items not expected, with their sentences: what to read when a goal fails. */
  misses: string[];
  extras: string[];
}

const key = (item: Expected) =>
  [item.act, item.article ?? "", item.part ?? "", item.point ?? "", item.subpoint ?? ""].join("|");

export function scoreSet(find: Find, set: Phrasing[]): Score {
  let expected = 0;
  let found = 0;
  let matched = 0;
  const misses: string[] = [];
  const extras: string[] = [];
  for (const { text, expected: truth } of set) {
    const left = truth.map(key);
    const items = find(text).map(key);
    expected += left.length;
    found += items.length;
    for (const item of items) {
      const at = left.indexOf(item);
      if (at >= 0) {
        left.splice(at, 1);
        matched++;
      } else extras.push(`${item}  ←  ${text}`);
    }
    misses.push(...left.map((item) => `${item}  ←  ${text}`));
  }
  return {
    sentences: set.length,
    expected,
    found,
    matched,
    precision: found ? matched / found : 1,
    recall: expected ? matched / expected : 1,
    misses,
    extras,
  };
}
