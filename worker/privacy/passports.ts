import { seriesPlausible } from "./numbers";

// A passport has no check digit, so it is taken only where its words say so: «серия 4506 номер
// 123456», «паспорт 45 06 № 123456». The bare «4506 123456» is read in numbers.ts by its spacing.

const SERIES_AND_NUMBER =
  /(?<!\p{L})(?:сери[яиюей]|паспорт\p{L}*)[\s:]*(\d{2}[ \u00a0]?\d{2})[\s,]*(?:(?:номер|№|n)[\s:]*)?(\d{6})(?!\d)/giu;

/** The span from the series to the number of each passport named in `text`. */
export function findPassports(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const m of text.matchAll(SERIES_AND_NUMBER)) {
    if (!seriesPlausible(m[1].replace(/\D/g, ""))) continue;
    const start = m.index + m[0].indexOf(m[1]);
    found.push({ start, end: m.index + m[0].length });
  }
  return found;
}
