import { describe, expect, it } from "vitest";
import { plural } from "../../worker/plural";
import { balanceTexts } from "../../web/src/ui/texts/balance";

// One Russian plural for the Worker and the web app (worker/plural.ts): the forms the hand-written
// functions it replaced gave, for every count from 0 to 1000.

function byHand(n: number): 0 | 1 | 2 {
  const tens = Math.abs(n) % 100;
  const ones = tens % 10;
  if (tens >= 11 && tens <= 14) return 2;
  if (ones === 1) return 0;
  if (ones >= 2 && ones <= 4) return 1;
  return 2;
}

describe("plural", () => {
  const forms = balanceTexts.requestForms;

  it("says запрос, запроса, запросов as Russian does", () => {
    const said = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 121, 1001].map(
      (n) => `${n} ${plural(n, forms)}`,
    );
    expect(said).toEqual([
      "0 запросов",
      "1 запрос",
      "2 запроса",
      "4 запроса",
      "5 запросов",
      "11 запросов",
      "12 запросов",
      "14 запросов",
      "21 запрос",
      "22 запроса",
      "25 запросов",
      "101 запрос",
      "111 запросов",
      "112 запросов",
      "121 запрос",
      "1001 запрос",
    ]);
  });

  it("gives the form the hand-written rule gave for every count up to 1000", () => {
    const abc = ["a", "b", "c"] as const;
    for (let n = 0; n <= 1000; n++) expect(plural(n, abc), String(n)).toBe(abc[byHand(n)]);
  });

  it("takes the second form for a fraction, as «1,5 запроса»", () => {
    expect(plural(1.5, forms)).toBe("запроса");
  });
});
