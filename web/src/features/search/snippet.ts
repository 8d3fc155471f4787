const decode = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * A snippet's text without the Markdown it was cut from: code fences, table bars and their
 * delimiter rows, emphasis, inline code and heading marks read as noise in one line of a hit.
 */
export const withoutMarkdown = (text: string) =>
  text
    .replace(/```[\w-]*/g, " ")
    .replace(/\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?/g, " ")
    .replace(/\|/g, " ")
    .replace(/\*\*|__|~~|`/g, "")
    .replace(/(^|\n)\s*#{1,6}\s+/g, "$1")
    .replace(/\s+/g, " ");

/**
 * A search snippet (HTML-escaped text with `<mark>…</mark>`) as plain pieces without Markdown
 * syntax, the marked ones flagged, each with where it starts in the snippet; never parsed as HTML.
 */
export function snippetParts(snippet: string): { text: string; mark: boolean; at: number }[] {
  let at = 0;
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter(Boolean)
    .map((piece) => {
      const marked = /^<mark>(.*)<\/mark>$/.exec(piece);
      const part = { text: withoutMarkdown(decode(marked ? marked[1]! : piece)), mark: marked !== null, at };
      at += piece.length;
      return part;
    });
}
