import { topicsTexts } from "../../ui/texts/topics";

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of `now` in the zone: today as the server groups the list for that zone. */
export function dayInZone(now: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const dayNumber = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

/**
 * The label of a list group (docs/product.md §4): "Сегодня", "Вчера", the weekday for 2 to 6 days ago,
 * else dd.mm.yyyy. `day` is the group's date in the caller's zone, as the server sent it; null
 * (the pinned group) has no label.
 */
export function dateLabel(day: string | null, now: Date, timeZone: string): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const daysAgo = dayNumber(dayInZone(now, timeZone)) - dayNumber(day);
  // A day ahead of the browser's clock (a clock a little behind the server's) is still today.
  if (daysAgo <= 0) return topicsTexts.today;
  if (daysAgo === 1) return topicsTexts.yesterday;
  if (daysAgo <= 6) return topicsTexts.weekdays[new Date(dayNumber(day) * DAY_MS).getUTCDay()];
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}
