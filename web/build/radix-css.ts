import postcss from "postcss";
import type { Plugin } from "vite";

/** Breakpoints the app never gives a responsive prop for (test/web/radix-css.test.ts keeps it so). */
export const UNUSED_BREAKPOINTS = ["md", "lg", "xl"] as const;

/**
 * Radix Themes components the app never renders, and the classes of their styles (the test keeps
 * the app from importing them).
 */
export const UNUSED_COMPONENTS: Record<string, readonly string[]> = {
  Blockquote: ["rt-Blockquote"],
  CheckboxCards: ["rt-CheckboxCardsRoot", "rt-CheckboxCardsItem", "rt-CheckboxCardCheckbox"],
  CheckboxGroup: ["rt-CheckboxGroupRoot", "rt-CheckboxGroupItem", "rt-CheckboxGroupItemCheckbox", "rt-CheckboxGroupItemInner"],
  Code: ["rt-Code"],
  ContextMenu: ["rt-ContextMenuContent"],
  DataList: ["rt-DataListRoot", "rt-DataListItem", "rt-DataListLabel", "rt-DataListValue"],
  Em: ["rt-Em"],
  Inset: ["rt-Inset"],
  Quote: ["rt-Quote"],
  // Radio and RadioGroup share the base radio.
  Radio: ["rt-BaseRadioRoot"],
  RadioGroup: ["rt-RadioGroupRoot", "rt-RadioGroupItem", "rt-RadioGroupItemInner"],
  Section: ["rt-Section"],
  Skeleton: ["rt-Skeleton"],
  Slider: ["rt-SliderRoot", "rt-SliderTrack", "rt-SliderRange", "rt-SliderThumb"],
  TabNav: ["rt-TabNavItem"],
  Table: ["rt-TableRoot", "rt-TableRootTable", "rt-TableHeader", "rt-TableBody", "rt-TableRow", "rt-TableCell", "rt-TableColumnHeaderCell", "rt-TableRowHeaderCell"],
  ThemePanel: ["rt-ThemePanelRadioCard", "rt-ThemePanelRadioCardInput", "rt-ThemePanelShortcut", "rt-ThemePanelSwatch", "rt-ThemePanelSwatchInput"],
};

const RADIX_CSS = /\/@radix-ui\/themes\/(?:components|utilities)\.css$/;
const unusedBreakpoint = new RegExp(`\\.(?:${UNUSED_BREAKPOINTS.join("|")})\\\\:`);
const unusedComponent = new RegExp(`\\.(?:${Object.values(UNUSED_COMPONENTS).flat().join("|")})(?![\\w-])`);
// What a selector requires of its element: not what it requires it not to be or to contain.
const required = (selector: string) => selector.replace(/:(?:not|has)\((?:[^()]|\([^()]*\))*\)/g, "");

/** A rule only an unused breakpoint's prop or an unused component can match. */
export const unusedSelector = (selector: string) => unusedBreakpoint.test(selector) || unusedComponent.test(required(selector));

/**
 * Radix Themes' components and utilities without the rules the app can never match: responsive
 * props at the md, lg and xl breakpoints (`.md\:rt-r-size-2` and the like, a third of its CSS)
 * and components it never renders (docs/scale.md "Smaller to load"). Every page parses this CSS
 * once the app starts, on the main thread. A rule goes only when every selector of it is unusable.
 */
export function radixWithoutUnused(): Plugin {
  return {
    name: "yasno:radix-without-unused",
    enforce: "pre",
    transform(code, id) {
      if (!RADIX_CSS.test(id.split("?")[0]!)) return null;
      const root = postcss.parse(code);
      root.walkRules((rule) => {
        if (rule.selectors.every(unusedSelector)) rule.remove();
      });
      // Media queries (and what holds them) left empty.
      let emptied = true;
      while (emptied) {
        emptied = false;
        root.walkAtRules((atRule) => {
          if (atRule.nodes?.length === 0) {
            atRule.remove();
            emptied = true;
          }
        });
      }
      return { code: root.toString(), map: null };
    },
  };
}
