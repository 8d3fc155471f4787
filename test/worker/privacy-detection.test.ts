import { expect, it } from "vitest";
import { detect } from "../../worker/privacy/detect";
import { generateSet, PRECISION_GOAL, recallGoal, score, scoreTable } from "./privacy-set";

// Issue 14's goal on the generated set (test/worker/privacy-set.ts): recall ≥ 0.99 for the
// checksummed kinds and ≥ 0.9 for the rest, precision ≥ 0.95 for every kind.

it("meets the precision and recall goals on the generated detection set", () => {
  const scores = score(generateSet(2000), detect);
  console.log(`\n${scoreTable(scores)}\n`);
  for (const s of scores) {
    expect(s.truths, s.kind).toBeGreaterThan(100);
    expect(s.precision, s.kind).toBeGreaterThanOrEqual(PRECISION_GOAL);
    expect(s.recall, s.kind).toBeGreaterThanOrEqual(recallGoal(s.kind));
  }
});
