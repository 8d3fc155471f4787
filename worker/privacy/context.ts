import type { PrivateKind } from "./kinds";

// Words before a number that say what it is: «ИНН 7707083893», «карта № 4276…», or that it is
// something else: «договор № 1234567890». Only the nearest one counts, so a requisites line
// («ИНН …, КПП …, ОГРН …») names each number by its own word.

/** How far before a number its word may stand, in characters. */
const REACH = 40;

const KIND_WORDS: [PrivateKind, RegExp][] = [
  ["passport", /паспорт|сери[яиюей]/],
  ["snils", /снилс|страхов\p{L}* (?:номер|свидетельств)|индивидуальн\p{L}* лицев\p{L}* сч[её]т\p{L}*/u],
  ["inn", /(?<!\p{L})инн(?!\p{L})|налогоплательщик/u],
  ["ogrn", /(?<!\p{L})огрн(?:ип)?(?!\p{L})|регистрационн\p{L}* номер/u],
  ["card", /(?<!\p{L})(?:карт[аыеуоч]|card)/u],
  ["account", /(?<!\p{L})(?:сч[её]т|р\/с|к\/с|р\/сч|расч[её]тн|корр?\.? ?сч)/u],
  ["phone", /(?<!\p{L})тел(?:\.|ефон)/u],
];

/** Words after which a number is an identifier of a document or a thing, not of a person. */
const OTHER_WORDS =
  /(?<!\p{L})(?:договор|контракт|заказ(?!чи)|артикул|ок(?:тмо|по|ато|вэд|огу|фс|опф)|кбк|трек|штрих|арт\.|код|квитанц|накладн|заявк|сделк|дела|дело|лот|акт|приказ|инв\.|инвентарн|чек|ттн|упд|сч[её]т-фактур)/u;

/**
 * «№», «N», «номер»: says nothing alone, so the word before it decides («карта № …», «договор № …»);
 * alone it is "sign": a number whose check digits leave little to chance (СНИЛС, a person's ИНН, ОГРН) is still read.
 */
const NUMBER_SIGN = /№|(?<!\p{L})(?:n|no|номер|ном\.)(?!\p{L})/u;

export type Context = PrivateKind | "other" | "sign" | null;

/** Every word above in one pattern, a group each; "other" before "account" so «счёт-фактура» is not a «счёт». */
const NAMED: [Context, RegExp][] = [["other", OTHER_WORDS], ...KIND_WORDS, ["sign", NUMBER_SIGN]];
const WORDS = new RegExp(NAMED.map(([, re]) => `(${re.source})`).join("|"), "gu");

/** A sentence ends at «.», «!», «?» before a capital letter, or at a line break. */
const SENTENCE_END = /[.!?…]\s+(?=[А-ЯЁA-Z])|\n/g;

const lastMatch = (re: RegExp, text: string) => {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(re)) last = m;
  return last;
};

/**
 * The kind named just before `start` in `text` and in its sentence, "other" for a document's
 * number, "sign" for «№» or «номер» alone, null for nothing. A word with another number after it
 * speaks of that number, not this one.
 */
export function contextBefore(text: string, start: number): Context {
  const before = text.slice(Math.max(0, start - REACH), start);
  const sentenceStart = lastMatch(SENTENCE_END, before);
  const window = (sentenceStart ? before.slice(sentenceStart.index + sentenceStart[0].length) : before).toLowerCase();
  let best: { end: number; context: Context } | null = null;
  let signEnd = -1;
  for (const m of window.matchAll(WORDS)) {
    const end = m.index + m[0].length;
    let group = 1;
    while (m[group] === undefined) group++;
    const name = NAMED[group - 1][0];
    if (name === "sign") signEnd = end;
    else if (!best || end > best.end) best = { end, context: name };
  }
  if (best && !/\d/.test(window.slice(best.end))) return best.context;
  return signEnd > (best?.end ?? -1) && !/\d/.test(window.slice(signEnd)) ? "sign" : null;
}
