// Phones and e-mail addresses, found by their shape.

const SEP = "[ \\u00a0-]?";
/**
 * A Russian number: +7 or 8, then the code (3 digits, in brackets or not, starting 3–9; or a
 * 4–5 digit town code in brackets), then the rest in the usual groups. Never preceded or followed
 * by more digits («123 8 916…» and «8916123456789» are something else).
 */
const PHONE = new RegExp(
  String.raw`(?<![\p{L}\p{N}+]|\d[ \u00a0-])(?:\+7|8)${SEP}` +
    String.raw`(?:(?:\([3-9]\d\d\)|[3-9]\d\d)${SEP}\d{3}${SEP}\d\d${SEP}\d\d|\([3-9]\d{3}\)${SEP}\d\d${SEP}\d\d${SEP}\d\d|\([3-9]\d{4}\)${SEP}\d${SEP}\d\d${SEP}\d\d)` +
    String.raw`(?!\p{N}|[ \u00a0-]\d)`,
  "gu",
);

const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+-]+(?:\.[\p{L}\p{N}_%+-]+)*@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;

const spansOf = (re: RegExp, text: string) => Array.from(text.matchAll(re), (m) => ({ start: m.index, end: m.index + m[0].length }));

export const findPhones = (text: string) => spansOf(PHONE, text);

export const findEmails = (text: string) => spansOf(EMAIL, text);
