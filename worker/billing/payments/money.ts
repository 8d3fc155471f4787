// Money is kopecks (integers) everywhere inside; rubles appear only at the edges: the API's `price`
// and `amount` (a JSON number with at most 2 decimals) and YooKassa's `amount.value` ("490.00").

/** The largest price a plan may have: 1 000 000 ₽. */
export const MAX_PRICE_KOPECKS = 100_000_000;

export const PRICE_TEXTS = {
  notANumber: "Цена указывается числом в рублях, например 490 или 490.50",
  tooPrecise: "Цена указывается в рублях с точностью до копеек: не больше двух знаков после точки",
  notPositive: "Цена должна быть больше нуля",
  tooLarge: "Цена не может быть больше 1 000 000 ₽",
} as const;

export type PriceParse = { kopecks: number } | { error: string };

/**
 * Rubles to kopecks without floating-point arithmetic: the number's shortest decimal spelling
 * (what JSON had, for any number with at most 2 decimals) is split at the point and read as
 * integers, so 0.29 is 29 kopecks, not 28.999… And 0.1 + 0.2 is refused: it has 17 decimals.
 */
export function parsePrice(value: number | string): PriceParse {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { error: PRICE_TEXTS.notANumber };
  const [, minus, whole, fraction = ""] = match;
  if (fraction.length > 2) return { error: PRICE_TEXTS.tooPrecise };
  if (whole!.replace(/^0+/, "").length > 7) return { error: PRICE_TEXTS.tooLarge };
  const kopecks = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (minus || kopecks === 0) return { error: PRICE_TEXTS.notPositive };
  if (kopecks > MAX_PRICE_KOPECKS) return { error: PRICE_TEXTS.tooLarge };
  return { kopecks };
}

/** Kopecks as the API's rubles: an integer divided by 100 is the nearest double to the decimal. */
export const rublesOf = (kopecks: number) => kopecks / 100;

/** Kopecks as a decimal string with two places, as YooKassa's `amount.value` wants it: "490.00". */
export const decimalOf = (kopecks: number) => `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;

/** YooKassa's `amount.value` back to kopecks; null for anything but a plain non-negative decimal. */
export function kopecksOfDecimal(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

/** A price for people, as docs/product.md §9 writes it: integers without decimals ("490 ₽", "199,99 ₽"). */
export const formatRubles = (kopecks: number) =>
  `${new Intl.NumberFormat("ru-RU", { minimumFractionDigits: kopecks % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(kopecks / 100)} ₽`;
