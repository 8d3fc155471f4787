import { contextBefore } from "./context";

// Phones and e-mail addresses, found by their shape.

const SEP = "[ \\u00a0-]?";
/**
 * A Russian number: +7, 7 or 8, then the code (3 digits, in brackets or not, starting 3–9; or a
 * 4–5 digit town code in brackets), then the rest in the usual groups. Never preceded or followed
 * by more digits («123 8 916…» and «8916123456789» are something else).
 */
const PHONE = new RegExp(
  String.raw`(?<![\p{L}\p{N}+]|\d[ \u00a0-])(?:\+7|7|8)${SEP}` +
    String.raw`(?:(?:\([3-9]\d\d\)|[3-9]\d\d)${SEP}\d{3}${SEP}\d\d${SEP}\d\d|\([3-9]\d{3}\)${SEP}\d\d${SEP}\d\d${SEP}\d\d|\([3-9]\d{4}\)${SEP}\d${SEP}\d\d${SEP}\d\d)` +
    String.raw`(?!\p{N}|[ \u00a0-]\d)`,
  "gu",
);

const EMAIL =
  /[\p{L}\p{N}_%+-]+(?:\.[\p{L}\p{N}_%+-]+)*@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/uy;
const LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;

const spansOf = (re: RegExp, text: string) =>
  Array.from(text.matchAll(re), (m) => ({ start: m.index, end: m.index + m[0].length }));

/** A phone's shape after «заказ», «ОКТМО», «КБК» and the like is that document's or code's number. */
export const findPhones = (text: string) =>
  spansOf(PHONE, text).filter((s) => contextBefore(text, s.start) !== "other");

/** Read from each «@» back to where the address can begin, so long texts without one cost nothing. */
export function findEmails(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text[start - 1])) start--;
    while (text[start] === ".") start++;
    if (found.length > 0 && start < found.at(-1)!.end) continue;
    EMAIL.lastIndex = start;
    const m = EMAIL.exec(text);
    if (m && m.index === start) found.push({ start, end: start + m[0].length });
  }
  return found;
}
