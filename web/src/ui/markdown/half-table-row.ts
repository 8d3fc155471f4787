/** The `|` that separate a table row's cells (not an escaped `\|` inside a cell). */
const cellBars = (line: string) => (line.match(/(?<!\\)\|/g) ?? []).length;

const isTableLine = (line: string) => line.trimStart().startsWith("|");

/**
 * A reply cut off mid-table (stopped, or still streaming) without the row it was writing: a half
 * row («| Что получено») would show as a row of empty cells or as stray text. A last line of a
 * table is half when it does not close with `|` or has fewer cells than the table's header.
 */
export function withoutHalfTableRow(text: string): string {
  const lines = text.split("\n");
  const last = lines[lines.length - 1] ?? "";
  if (!isTableLine(last)) return text;
  let first = lines.length - 1;
  while (first > 0 && isTableLine(lines[first - 1] ?? "")) first--;
  const header = lines[first] ?? "";
  const whole = last.trimEnd().endsWith("|") && (first === lines.length - 1 || cellBars(last) >= cellBars(header));
  return whole ? text : lines.slice(0, -1).join("\n");
}
