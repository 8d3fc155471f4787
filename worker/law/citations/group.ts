import { ARTICLE_WORD, ORDINAL, PART_WORD, PIECE, POINT_WORD, SUBPOINT_WORD } from "./patterns";

/** What one group cites: its articles and the parts, points and subpoints before or after them. */
export interface GroupParts {
  articles: string[];
  parts: string[];
  points: string[];
  subpoints: string[];
}

/** A range longer than this gives its two ends only: «статьи 1–1000» is no list of a thousand. */
const LONGEST_RANGE = 30;
const ORDINALS = ["перв", "втор", "трет", "четв", "пят", "шест", "седьм", "восьм", "девят", "десят"];

const PIECE_PATTERN = new RegExp(`(?<!\\p{L})${PIECE}`, "giu");
const is = (source: string) => new RegExp(`^${source}$`, "iu");
const ARTICLE = is(ARTICLE_WORD);
const PART = is(PART_WORD);
const POINT = is(POINT_WORD);
const SUBPOINT = is(SUBPOINT_WORD);
const ORDINAL_WORD = is(ORDINAL);
const SEPARATOR = /(\s*,\s*|\s+(?:и|или|либо)\s+|\s*[-–—]\s*)/u;

/** A group's text («пп. 3 п. 1 ст. 8», «ст. ст. 309–311») read into its lists. */
export function readGroup(group: string): GroupParts {
  const parts: GroupParts = { articles: [], parts: [], points: [], subpoints: [] };
  const pieces = [...group.matchAll(PIECE_PATTERN)].map((m) => ({ word: m[1], values: values(m[2]) }));
  pieces.forEach(({ word, values }, index) => {
    const key = word.replace(/\s+/g, "");
    if (ARTICLE.test(key)) parts.articles.push(...values);
    else if (PART.test(key)) parts.parts.push(...values);
    else if (SUBPOINT.test(key) && (key.toLowerCase() !== "пп." || pointAfter(pieces, index))) {
      parts.subpoints.push(...values);
    } else if (POINT.test(key) || SUBPOINT.test(key)) parts.points.push(...values);
  });
  return parts;
}

/** «пп.» is a subpoint where a point follows it («пп. 3 п. 1»), else points («пп. 1, 2 ст. 450»). */
function pointAfter(pieces: { word: string }[], index: number): boolean {
  return pieces.slice(index + 1).some(({ word }) => POINT.test(word) && word.toLowerCase() !== "пп.");
}

/** «309, 310», «309–311», «первой», «"а"» → the values one by one, a range's numbers each. */
function values(text: string): string[] {
  const tokens = text.split(SEPARATOR);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const value = readValue(tokens[i]);
    const dash = i > 0 && /[-–—]/.test(tokens[i - 1]);
    const from = Number(out[out.length - 1]);
    const to = Number(value);
    if (dash && Number.isInteger(from) && Number.isInteger(to) && to > from && to - from <= LONGEST_RANGE) {
      for (let n = from + 1; n < to; n++) out.push(String(n));
    }
    out.push(value);
  }
  return out;
}

function readValue(token: string): string {
  if (ORDINAL_WORD.test(token)) {
    const stem = token.toLowerCase().replace("ё", "е");
    return String(ORDINALS.findIndex((ordinal) => stem.startsWith(ordinal)) + 1);
  }
  return token.replace(/[«"“»”)]/g, "");
}
