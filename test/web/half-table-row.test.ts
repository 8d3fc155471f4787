import { describe, expect, it } from "vitest";
import { withoutHalfTableRow } from "../../web/src/ui/markdown/half-table-row";

// A stopped or streaming reply never shows half a Markdown table row (issue 29).

const table = "Итог:\n\n| Что получено | Значение |\n|---|---|\n| Режим | Юрист |";

describe("withoutHalfTableRow", () => {
  it("drops a last row that is not closed or has fewer cells than the header", () => {
    expect(withoutHalfTableRow(`${table}\n| Вопрос`)).toBe(table);
    expect(withoutHalfTableRow(`${table}\n| Вопрос | «Как`)).toBe(table);
    expect(withoutHalfTableRow(`${table}\n| Вопрос |`)).toBe(table);
    expect(withoutHalfTableRow("Итог:\n\n| Что получено")).toBe("Итог:\n");
    expect(withoutHalfTableRow("Итог:\n\n| Что получено | Значение |\n|---|--")).toBe(
      "Итог:\n\n| Что получено | Значение |",
    );
  });

  it("keeps whole rows, escaped bars, and text that is no table", () => {
    expect(withoutHalfTableRow(table)).toBe(table);
    expect(withoutHalfTableRow(`${table}\n`)).toBe(`${table}\n`);
    expect(withoutHalfTableRow(`${table}\n| a \\| b | c |`)).toBe(`${table}\n| a \\| b | c |`);
    expect(withoutHalfTableRow("Просто текст | с чертой")).toBe("Просто текст | с чертой");
    expect(withoutHalfTableRow("")).toBe("");
  });
});
