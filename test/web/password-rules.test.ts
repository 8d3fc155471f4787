import { describe, expect, it } from "vitest";
import { canSavePassword, passwordMask } from "../../web/src/features/account/password-rules";

describe("password mask (docs/product.md §3)", () => {
  it("is 10 dots at the lowest random value and 15 at the highest", () => {
    expect(passwordMask(() => 0)).toBe("•".repeat(10));
    expect(passwordMask(() => 0.999999)).toBe("•".repeat(15));
  });

  it("is always 10 to 15 dots and only dots", () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const mask = passwordMask();
      expect(mask).toMatch(/^•+$/);
      lengths.add(mask.length);
    }
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(15);
    // Random, not a fixed count: every length of the range turns up in 500 draws.
    expect([...lengths].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15]);
  });
});

describe("password save rule (docs/product.md §5)", () => {
  it("is disabled for an empty new password, even when the repeat is empty too", () => {
    expect(canSavePassword("", "")).toBe(false);
    expect(canSavePassword("", "secret")).toBe(false);
  });

  it("is disabled while the repeat differs", () => {
    expect(canSavePassword("secret", "")).toBe(false);
    expect(canSavePassword("secret", "secreT")).toBe(false);
    expect(canSavePassword("secret", "secret ")).toBe(false);
  });

  it("is enabled when both match, with no length rule", () => {
    expect(canSavePassword("a", "a")).toBe(true);
    expect(canSavePassword("длинный пароль", "длинный пароль")).toBe(true);
  });
});
