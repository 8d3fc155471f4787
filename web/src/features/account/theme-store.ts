import { create } from "zustand";

export type ThemeName = "light" | "dark";
export const THEME_STORAGE_KEY = "vite-ui-theme";

const stored = (): ThemeName => (localStorage.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light");

/** Light by default; the choice survives reloads under `vite-ui-theme` (docs/product.md §1, §9). */
export const useTheme = create<{ theme: ThemeName; setTheme: (theme: ThemeName) => void; toggle: () => void }>(
  (set, get) => ({
    theme: stored(),
    setTheme: (theme) => {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
      set({ theme });
    },
    toggle: () => get().setTheme(get().theme === "dark" ? "light" : "dark"),
  }),
);

// The page itself (html background, scrollbars, form controls) follows the theme too, not only the
// Radix Theme root that AppShell renders: a class for Radix's tokens and the native color-scheme.
function applyToDocument(theme: ThemeName) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  root.style.colorScheme = theme;
}
applyToDocument(useTheme.getState().theme);
useTheme.subscribe((state) => applyToDocument(state.theme));
