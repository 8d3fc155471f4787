// Marks over a reply's raw Markdown (a citation's start/end as the server found it in the text the model
// wrote) carried onto the rendered text: a rehype step over the text nodes with their source positions.

/** A range of the Markdown source, UTF-16 offsets [start, end). */
export type SourceMark = { start: number; end: number };

type Point = { offset?: number };
type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  position?: { start: Point; end: Point };
};

// A mark never goes inside a link (no link in a link) or code (a citation there is code, not a claim).
const SKIPPED = new Set(["a", "code", "pre"]);

/**
 * Where each character of a text node's value stands in the source. The value can differ from the
 * source it came from (an escape «\*», an entity, a blockquote's «> » after a line break), so the
 * value's characters are found in order, each at or after the one before; one that is not there
 * (a decoded entity) takes the place after the one before.
 */
export function sourceOffsets(value: string, source: string, base: number): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const char of value) {
    const found = source.indexOf(char, at);
    const place = found === -1 ? Math.min(at, source.length) : found;
    for (let i = 0; i < char.length; i++) offsets.push(base + place + i);
    at = found === -1 ? at : found + char.length;
  }
  return offsets;
}

/** Which mark (its index) holds a source offset, or -1. */
const markAt = (marks: readonly SourceMark[], offset: number) =>
  marks.findIndex((m) => m.start <= offset && offset < m.end);

/** A text node cut into plain pieces and `span[data-mark]` pieces, one for each run inside a mark. */
function splitText(node: HastNode, source: string, marks: readonly SourceMark[]): HastNode[] | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const value = node.value ?? "";
  if (start === undefined || end === undefined || !value) return null;
  const offsets = sourceOffsets(value, source.slice(start, end), start);
  const pieces: HastNode[] = [];
  let from = 0;
  let current = markAt(marks, offsets[0]);
  const close = (to: number) => {
    const text: HastNode = { type: "text", value: value.slice(from, to) };
    pieces.push(
      current === -1
        ? text
        : { type: "element", tagName: "span", properties: { dataMark: String(current) }, children: [text] },
    );
    from = to;
  };
  for (let i = 1; i < value.length; i++) {
    const mark = markAt(marks, offsets[i]);
    if (mark !== current) {
      close(i);
      current = mark;
    }
  }
  close(value.length);
  return pieces.length === 1 && current === -1 ? null : pieces;
}

/** The rehype step for `marks` over `source`: their text is wrapped in `span[data-mark=index]`. */
export function rehypeSourceMarks(source: string, marks: readonly SourceMark[]) {
  return () => (tree: HastNode) => {
    const walk = (node: HastNode) => {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type === "text") return splitText(child, source, marks) ?? [child];
        if (child.type === "element" && !SKIPPED.has(child.tagName ?? "")) walk(child);
        return [child];
      });
    };
    if (marks.length) walk(tree);
  };
}
