// Numbers are read in a view of the text where what hides digits from a plain reading is undone:
// full-width digits («７７０７…» from a PDF), zero-width characters and soft hyphens inside a
// number, two or three spaces between its groups, and dots between groups («4276.3800.1234.5678»).
// The view keeps, for each of its characters, where it stood in the text, so what is found in the
// view is cut from the text as written.

const ODD = /[\uff10-\uff19\u00ad\u200b-\u200d\u2060\ufeff]|\d[ \u00a0]{2}|\d\.\d/;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/;
const FULL_WIDTH_ZERO = 0xff10;
/** Dotted groups, as a whole ten digits or more; a date (8 digits) or a section number is not one. */
const DOTTED = /\+?\d{1,4}(?:\.\d{2,4}){2,}(?!\d|\.\d)/g;

export interface DigitView {
  text: string;
  /** The span in the text as written of the view's `start…end`. */
  spanOf: (start: number, end: number) => { start: number; end: number };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

export const asciiDigits = (text: string) => text.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - FULL_WIDTH_ZERO));

/** The view of `text` numbers are read in; the text itself when nothing in it needs undoing. */
export function digitView(text: string): DigitView {
  if (!ODD.test(text)) return { text, spanOf: (start, end) => ({ start, end }) };
  const chars: string[] = [];
  const origin: number[] = [];
  const source = asciiDigits(text);
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (INVISIBLE.test(c) && (isDigit(source[i - 1]) || isDigit(source[i + 1]))) continue;
    if ((c === " " || c === "\u00a0") && isDigit(chars.at(-1))) {
      let j = i;
      while (j < source.length && j - i < 3 && (source[j] === " " || source[j] === "\u00a0")) j++;
      if (j - i > 1 && isDigit(source[j])) {
        chars.push(" ");
        origin.push(i);
        i = j - 1;
        continue;
      }
    }
    chars.push(c);
    origin.push(i);
  }
  const joined = chars.join("");
  const view = joined.includes(".") ? joined.replace(DOTTED, (m) => (m.replace(/\D/g, "").length >= 10 ? m.replaceAll(".", " ") : m)) : joined;
  return { text: view, spanOf: (start, end) => ({ start: origin[start], end: origin[end - 1] + 1 }) };
}
