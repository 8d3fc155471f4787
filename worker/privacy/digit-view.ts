// Numbers are read in a view of the text where what hides digits from a plain reading is undone:
// full-width digits («７７０７…» from a PDF), zero-width characters and soft hyphens inside a
// number, two or three spaces between its groups, and dots between groups («4276.3800.1234.5678»).
// The view keeps, for each of its characters, where it stood in the text, so what is found in the
// view is cut from the text as written.

const ODD = /[\uff10-\uff19\u00ad\u200b-\u200d\u2060\ufeff]|\d[ \u00a0]{2}|\d\.\d/;
/** What the view undoes: full-width digits, invisible characters beside a digit, 2–3 spaces between digits. */
const EDIT =
  /[\uff10-\uff19]+|(?<=\d)[\u00ad\u200b-\u200d\u2060\ufeff]+|[\u00ad\u200b-\u200d\u2060\ufeff]+(?=\d)|(?<=\d)[ \u00a0]{2,3}(?=\d)/g;
const FULL_WIDTH_ZERO = 0xff10;
/** Dotted groups, as a whole ten digits or more; a date (8 digits) or a section number is not one. */
const DOTTED = /\+?\d{1,4}(?:\.\d{2,4}){2,}(?!\d|\.\d)/g;

export interface DigitView {
  text: string;
  /** The span in the text as written of the view's `start…end`. */
  spanOf: (start: number, end: number) => { start: number; end: number };
}

export const asciiDigits = (text: string) =>
  text.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - FULL_WIDTH_ZERO));

/** The view of `text` numbers are read in; the text itself when nothing in it needs undoing. */
export function digitView(text: string): DigitView {
  if (!ODD.test(text)) return { text, spanOf: (start, end) => ({ start, end }) };
  // Pieces of the view, each from where it starts in the view to where it starts in the text.
  const viewAt = [0];
  const textAt = [0];
  const out: string[] = [];
  let length = 0;
  let last = 0;
  for (const m of text.matchAll(EDIT)) {
    out.push(text.slice(last, m.index));
    length += m.index - last;
    const first = m[0].charCodeAt(0);
    if (first >= FULL_WIDTH_ZERO && first <= FULL_WIDTH_ZERO + 9) {
      out.push(asciiDigits(m[0]));
      length += m[0].length;
    } else {
      const kept = m[0][0] === " " || m[0][0] === "\u00a0" ? " " : "";
      out.push(kept);
      length += kept.length;
      viewAt.push(length);
      textAt.push(m.index + m[0].length);
    }
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  const joined = out.join("");
  const view = joined.includes(".")
    ? joined.replace(DOTTED, (d) => (d.replace(/\D/g, "").length >= 10 ? d.replaceAll(".", " ") : d))
    : joined;
  const origin = (at: number) => {
    let lo = 0;
    let hi = viewAt.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (viewAt[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return textAt[lo] + (at - viewAt[lo]);
  };
  return { text: view, spanOf: (start, end) => ({ start: origin(start), end: origin(end - 1) + 1 }) };
}
