// The pieces of a citation as regular expressions' sources (docs/law.md "Finding citations").

/** Not inside a word or a number. */
export const BEFORE = "(?<![\\p{L}\\d])";
export const AFTER = "(?![\\p{L}\\d])";

/**
 * What a number followed by it is not an article's: sums, years, durations, «15 000» (but «ст. 21 152-ФЗ» is
 * article 21 of a law: a group of three digits that is a law's number does not make thousands).
 */
const NOT_ARTICLE =
  "(?!\\s*(?:%|₽|\\$|руб|р\\.|коп|тыс|млн|млрд|евро|долл|лет|год|г\\.|дн|мес|час(?!т)|мин|сут|нед|раз(?!д)|экз|стр|чел|кв\\.?\\s*м|м2)|\\s\\d{3}(?!\\d|[-\\s]?(?:фз|фкз)(?![\\p{L}\\d])))";

/** An article's, part's or point's number: 619, 1062.1, 12.15. */
export const NUMBER = `\\d{1,5}(?:\\.\\d{1,3}){0,3}(?!\\d|\\.\\d)${NOT_ARTICLE}`;

/** Ordinals in words, as in «части первой». */
export const ORDINAL = "(?:перв|втор|трет|четв[её]рт|пят|шест|седьм|восьм|девят|десят)\\p{L}*";

/** A subpoint's letter: «а», «"б"», «в)». */
const LETTER = '(?:[«"“]\\p{Ll}[»"”]|\\p{Ll}\\))';

const VALUE = `(?:${NUMBER}|${ORDINAL}|${LETTER})`;
const SEPARATOR = "(?:\\s*,\\s*|\\s+(?:и|или|либо)\\s+|\\s*[-–—]\\s*)";
export const VALUES = `${VALUE}(?:${SEPARATOR}${VALUE})*`;
const NUMBERS = `${NUMBER}(?:${SEPARATOR}${NUMBER})*`;

export const SUBPOINT_WORD = "(?:п\\.\\s?п\\.|подп\\.|подпункт\\p{L}*|пп\\.)";
export const POINT_WORD = "(?:п\\.|пункт\\p{L}*)";
export const PART_WORD = "(?:ч\\.|част(?:ь|и|ью|ей|ям|ями|ях))";
const PARAGRAPH_WORD = "(?:абз\\.|абзац\\p{L}*)";
export const ARTICLE_WORD = "(?:ст\\.?\\s*ст\\.|стст\\.|ст\\.?|стать(?:я|и|е|ю|ей|ёй|ею|ёю|ям|ями|ях)|статей)";

const QUALIFIER_WORD = `(?:${SUBPOINT_WORD}|${POINT_WORD}|${PART_WORD}|${PARAGRAPH_WORD})`;
const QUALIFIER = `${QUALIFIER_WORD}\\s*${VALUES}`;

/**
 * A group: qualifiers before («пп. 3 п. 1»), the article word and its numbers («ст. ст. 309, 310»), and
 * qualifiers after a single article («ст. 450 п. 2»).
 */
export const GROUP = `${BEFORE}(?:${QUALIFIER}\\s*,?\\s*)*(?<!\\p{L})${ARTICLE_WORD}\\s*${NUMBERS}(?:\\s+${QUALIFIER})*`;

/** One keyword and its values inside a group, to read the group's parts. */
export const PIECE = `(${SUBPOINT_WORD}|${POINT_WORD}|${PART_WORD}|${PARAGRAPH_WORD}|${ARTICLE_WORD})\\s*(${VALUES})`;

const MONTH = "(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)";
export const DATE = `(?:\\d{1,2}\\.\\d{1,2}\\.\\d{2,4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4})(?:\\s*(?:г\\.|года))?`;

const OPEN = '[«"“„]';
const CLOSE = '[»"”“]';
/** A law's name: its kind, date, number and quoted title, any of them optional (the finder checks what is there). */
export const LAW = [
  `${BEFORE}(?:(?<federal>федеральн\\p{L}*\\s+)?(?<law>закон\\p{L}*)(?:\\s+(?:рф|российской\\s+федерации))?)?`,
  `(?:\\s*от\\s+${DATE})?`,
  `(?:\\s*(?<sign>№|N|No\\.?)?\\s*(?<number>\\d{1,5}[-\\s]?(?:фз|фкз)|\\d{3,5}-(?:1|I))${AFTER})?`,
  `(?:\\s*${OPEN}\\s*(?<title>об?\\s[^»"”“\\n]{2,200}?)\\s*${CLOSE})?`,
].join("");

/** «ФЗ-152», «ФЗ № 152», «ФЗ 152»: the number after the kind. */
export const LAW_REVERSED = `${BEFORE}фз\\s*(?:-|№|N)?\\s*(?<number>\\d{1,4})(?!\\d|[.,]\\d)${NOT_ARTICLE}`;

/** «Закона», «настоящего Кодекса»: the act named before. */
export const BACK = `${BEFORE}(?:(?:указанн|настоящ|данн|эт|названн|упомянут)\\p{L}*\\s+|того\\s+же\\s+)?(?:закон|кодекс)(?:а|у|ом|е)?${AFTER}`;

/** What a group followed by it cites: a contract's or another document's article, not a norm. */
export const NOT_A_NORM = `^\\s*(?:настоящего\\s+|этого\\s+|данного\\s+|нашего\\s+|вашего\\s+)?(?:договор|соглашени|контракт|устав|положени|регламент|правил|приказ|постановлени|инструкци|журнал|конвенци|декларац|протокол|приложени|оферт|доверенност)`;
