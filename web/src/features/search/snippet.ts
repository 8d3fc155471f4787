const decode = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * A search snippet (HTML-escaped text with `<mark>…</mark>`) as plain pieces, the marked ones
 * flagged, each with where it starts in the snippet; never parsed as HTML.
 */
export function snippetParts(snippet: string): { text: string; mark: boolean; at: number }[] {
  let at = 0;
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter(Boolean)
    .map((piece) => {
      const marked = /^<mark>(.*)<\/mark>$/.exec(piece);
      const part = { text: decode(marked ? marked[1]! : piece), mark: marked !== null, at };
      at += piece.length;
      return part;
    });
}
