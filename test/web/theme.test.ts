import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh theme store, as on a page load with what local storage holds now. */
const loadStore = async () => {
  vi.resetModules();
  return (await import("../../web/src/features/account/theme-store")).useTheme;
};

describe("theme (docs/product.md §1, §9)", () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = "";
    document.documentElement.style.colorScheme = "";
  });

  it("is light by default and says so to the whole document", async () => {
    const useTheme = await loadStore();
    expect(useTheme.getState().theme).toBe("light");
    expect(document.documentElement.classList.contains("light")).toBe(true);
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe("light");
  });

  it("toggling stores the choice under vite-ui-theme and switches the document", async () => {
    const useTheme = await loadStore();
    useTheme.getState().toggle();
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.classList.contains("light")).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe("dark");
    useTheme.getState().toggle();
    expect(localStorage.getItem("vite-ui-theme")).toBe("light");
    expect(document.documentElement.classList.contains("light")).toBe(true);
  });

  it("a stored dark choice survives a reload; anything unknown falls back to light", async () => {
    localStorage.setItem("vite-ui-theme", "dark");
    expect((await loadStore()).getState().theme).toBe("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    localStorage.setItem("vite-ui-theme", "system");
    expect((await loadStore()).getState().theme).toBe("light");
  });
});
