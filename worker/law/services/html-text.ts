// An act's page saved from the official portal or a legal reference system, as plain paragraphs: the
// blocks that end a paragraph become line breaks, every other tag goes, and entities are decoded.

const BLOCK_END = /<\/(p|div|h[1-6]|li|tr|td|th|table|blockquote|section|article|pre)\s*>|<br\s*\/?>/gi;
const HIDDEN = /<(script|style|head|noscript|template)\b[\s\S]*?<\/\1\s*>/gi;

const NAMED: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  laquo: "«",
  raquo: "»",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  sect: "§",
  numero: "№",
  bdquo: "„",
  ldquo: "“",
  rdquo: "”",
  shy: "",
};

export const looksLikeHtml = (text: string) => /<(html|body|p|div|br)\b[^>]*>/i.test(text.slice(0, 20_000));

export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(HIDDEN, "")
    .replace(BLOCK_END, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return NAMED[name.toLowerCase()] ?? whole;
    });
}
