/**
 * A name in «ёлочки», with quotes inside it turned into „лапки“ as Russian typography nests them:
 * ООО «Ромашка» → «ООО „Ромашка“» (issue 29). Straight quotes in a name count as quotes too.
 */
export function quoted(name: string): string {
  let open = true;
  const inner = name.replace(/[«»"]/g, (mark) => {
    if (mark === "«") return "„";
    if (mark === "»") return "“";
    const next = open ? "„" : "“";
    open = !open;
    return next;
  });
  return `«${inner}»`;
}
