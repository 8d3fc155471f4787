import type { Plugin } from "vite";

const THEME_MODULE = "/@radix-ui/themes/dist/esm/components/theme.js";
const ROOT_TOOLTIP_PROVIDER = "e.createElement(w.Provider,{delayDuration:200},";

/**
 * The app's root theme is ui/RootTheme.tsx, so Radix's `Theme` only ever renders nested (in the
 * portals of dialogs and menus), never the branch that wraps a root in a tooltip provider. But
 * `ThemeContext` lives in the same module, and that dead branch kept the tooltips' code (about
 * 12 KiB gzip) in every page's first JavaScript. The build drops the branch's provider; it fails
 * when a new Radix Themes writes it otherwise, so this is looked at again.
 */
export function themeWithoutTooltipProvider(): Plugin {
  return {
    name: "yasno:theme-without-tooltip-provider",
    apply: "build",
    transform(code, id) {
      if (!id.endsWith(THEME_MODULE)) return null;
      if (!code.includes(ROOT_TOOLTIP_PROVIDER)) this.error(`${THEME_MODULE} no longer has ` +
        `"${ROOT_TOOLTIP_PROVIDER}": see web/build/theme-without-tooltip-provider.ts`);
      return { code: code.replace(ROOT_TOOLTIP_PROVIDER, "e.createElement(e.Fragment,null,"), map: null };
    },
  };
}
