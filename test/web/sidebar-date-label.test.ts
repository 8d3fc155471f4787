import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dateLabel, dayInZone } from "../../web/src/features/topics/date-label";

/** The label of a group dated `day`, with the clock at `now` (UTC ISO) and the browser in `zone`. */
function labelAt(now: string, day: string | null, zone = "Europe/Moscow") {
  vi.setSystemTime(new Date(now));
  return dateLabel(day, new Date(), zone);
}

describe("date labels of the topic list (docs/product.md §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("today, yesterday, weekday names for 2 to 6 days ago, then dd.mm.yyyy", () => {
    // Wednesday 2025-03-12, 12:00 in Moscow.
    const now = "2025-03-12T09:00:00Z";
    expect(labelAt(now, "2025-03-12")).toBe("Сегодня");
    expect(labelAt(now, "2025-03-11")).toBe("Вчера");
    expect(labelAt(now, "2025-03-10")).toBe("Понедельник");
    expect(labelAt(now, "2025-03-09")).toBe("Воскресенье");
    expect(labelAt(now, "2025-03-08")).toBe("Суббота");
    expect(labelAt(now, "2025-03-07")).toBe("Пятница");
    expect(labelAt(now, "2025-03-06")).toBe("Четверг");
    // Seven days ago is a date again, not "Среда".
    expect(labelAt(now, "2025-03-05")).toBe("05.03.2025");
    expect(labelAt(now, "2024-12-31")).toBe("31.12.2024");
  });

  it("the pinned group (no date) has no label, nor has a malformed date", () => {
    expect(labelAt("2025-03-12T09:00:00Z", null)).toBeNull();
    expect(labelAt("2025-03-12T09:00:00Z", "12.03.2025")).toBeNull();
  });

  it("turns over at midnight in the browser's zone, not in UTC", () => {
    // 20:59 UTC is 23:59 in Moscow on the 12th...
    expect(labelAt("2025-03-12T20:59:00Z", "2025-03-12")).toBe("Сегодня");
    // ...and at 21:01 UTC it is already the 13th there: the same group is yesterday's.
    expect(labelAt("2025-03-12T21:01:00Z", "2025-03-12")).toBe("Вчера");
    expect(labelAt("2025-03-12T21:01:00Z", "2025-03-13")).toBe("Сегодня");
  });

  it("the same instant is a different day in different zones", () => {
    const now = "2025-03-12T23:30:00Z";
    expect(dayInZone(new Date(now), "Europe/Moscow")).toBe("2025-03-13");
    expect(dayInZone(new Date(now), "America/New_York")).toBe("2025-03-12");
    expect(labelAt(now, "2025-03-12", "Europe/Moscow")).toBe("Вчера");
    expect(labelAt(now, "2025-03-12", "America/New_York")).toBe("Сегодня");
    expect(labelAt(now, "2025-03-12", "Asia/Vladivostok")).toBe("Вчера");
  });

  it("counts calendar days across a month and a year end", () => {
    // Thursday 2026-01-01 at 10:00 in Moscow.
    const now = "2026-01-01T07:00:00Z";
    expect(labelAt(now, "2025-12-31")).toBe("Вчера");
    expect(labelAt(now, "2025-12-30")).toBe("Вторник");
    expect(labelAt(now, "2025-12-26")).toBe("Пятница");
    expect(labelAt(now, "2025-12-25")).toBe("25.12.2025");
  });

  it("a group a day ahead of the browser's clock still reads as today", () => {
    expect(labelAt("2025-03-12T09:00:00Z", "2025-03-13")).toBe("Сегодня");
  });
});
