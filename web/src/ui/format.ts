/**
 * Rubles as docs/product.md §9 shows them: Russian formatting, whole amounts without decimals, others with
 * two ("1 990", "199,50"). The server sends at most two decimals; rounding to kopecks first keeps
 * float noise (0.1 + 0.2) out of the text.
 */
export function formatPrice(rubles: number): string {
  const kopecks = Math.round(rubles * 100);
  const whole = kopecks % 100 === 0;
  return new Intl.NumberFormat("ru-RU", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(
    kopecks / 100,
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** dd.mm.yyyy of a moment in the browser's zone; null for a missing or unreadable time. */
export function formatDate(value: string | number | Date | null | undefined): string | null {
  if (value == null || value === "") return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** A moment in words in the browser's zone: «3 декабря 2026 г. в 14:05»; null for a missing or unreadable time. */
export function formatMoment(value: string | null | undefined): string | null {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeStyle: "short" }).format(date);
}

/**
 * The last day a limit can be used, for "до {date}": a pack that ends exactly at midnight (the daily
 * one ends at 00:00) is shown with the day before, the last one it works on.
 */
export function formatExpiry(dateExpire: string | null | undefined): string | null {
  if (!dateExpire) return null;
  const end = new Date(dateExpire).getTime();
  return Number.isNaN(end) ? null : formatDate(end - 1);
}

const dayFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "long", timeZone: "UTC" });

/** A calendar day (YYYY-MM-DD, as the law library writes dates) in words: «1 января 2024 г.». */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The day before a calendar day (YYYY-MM-DD): the last day of an edition that ends on `day`. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Date(date.getTime() - 86_400_000).toISOString().slice(0, 10);
}
