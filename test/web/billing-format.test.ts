import { describe, expect, it } from "vitest";
import { planPriceText, planRequestsText } from "../../web/src/features/billing/AvailablePlans";
import { formatDate, formatExpiry, formatPrice } from "../../web/src/ui/format";

// Russian number formatting groups thousands with a no-break space and writes a decimal comma.
const NBSP = "\u00a0";

describe("prices (docs/product.md §9)", () => {
  it("whole rubles have no decimals, others exactly two, in Russian formatting", () => {
    expect(formatPrice(199)).toBe("199");
    expect(formatPrice(490.0)).toBe("490");
    expect(formatPrice(1990)).toBe(`1${NBSP}990`);
    expect(formatPrice(199.5)).toBe("199,50");
    expect(formatPrice(0.99)).toBe("0,99");
    expect(formatPrice(1234567.89)).toBe(`1${NBSP}234${NBSP}567,89`);
  });

  it("float noise never shows: amounts are rounded to kopecks first", () => {
    expect(formatPrice(0.1 + 0.2)).toBe("0,30");
    expect(formatPrice(1.005 * 100)).toBe("100,50");
    expect(formatPrice(489.99999999999994)).toBe("490");
  });

  it('a plan reads "{price} ₽ / {day_gap} дней" and "{requests_limit} Запросов", or the unlimited wording', () => {
    expect(planPriceText({ price: 490, day_gap: 30 })).toBe("490 ₽ / 30 дней");
    expect(planPriceText({ price: 1990.5, day_gap: 90 })).toBe(`1${NBSP}990,50 ₽ / 90 дней`);
    expect(planRequestsText({ requests_limit: 100, is_unlimited: false })).toBe("100 Запросов");
    expect(planRequestsText({ requests_limit: 0, is_unlimited: true })).toBe("Безлимитное количество запросов");
  });
});

describe("dates", () => {
  it("dd.mm.yyyy in the browser's zone; nothing for a missing or broken time", () => {
    expect(formatDate(new Date(2026, 0, 5, 13, 0))).toBe("05.01.2026");
    expect(formatDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe("31.12.2026");
    expect(formatDate(null)).toBeNull();
    expect(formatDate("не дата")).toBeNull();
  });

  it("an expiry at midnight shows the last day the pack works; any other time, its own day", () => {
    expect(formatExpiry(new Date(2026, 10, 23, 0, 0).toISOString())).toBe("22.11.2026");
    expect(formatExpiry(new Date(2026, 11, 21, 14, 35).toISOString())).toBe("21.12.2026");
    expect(formatExpiry(null)).toBeNull();
  });
});
