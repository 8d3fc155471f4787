// Rows as an aligned text table for the terminal.
const show = (v) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

export function formatTable(rows, columns) {
  if (rows.length === 0) return "(пусто)";
  const cols = columns ?? Object.keys(rows[0]);
  const cells = rows.map((r) => cols.map((c) => show(r[c])));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (values) =>
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(cols), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}
