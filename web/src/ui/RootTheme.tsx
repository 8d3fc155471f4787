import { ThemeContext } from "@radix-ui/themes";
import { type ReactNode, useMemo } from "react";

type Appearance = "light" | "dark";
const ignore = () => {};

/**
 * What `<Theme appearance={…} accentColor="indigo">` renders at the root, without the tooltip
 * provider Radix wraps it in: that provider brings the tooltips' positioning code (about 12 KiB
 * gzip) into every page's first JavaScript, the login page's too, where no tooltip shows. The
 * pages with tooltips have their own provider (`Tooltip.Provider`). test/web/root-theme.test.tsx
 * holds this to Radix's own root element.
 */
export function RootTheme({ appearance, children }: { appearance: Appearance; children: ReactNode }) {
  const context = useMemo(
    () => ({
      appearance,
      accentColor: "indigo" as const,
      grayColor: "auto" as const,
      resolvedGrayColor: "slate" as const,
      panelBackground: "translucent" as const,
      radius: "medium" as const,
      scaling: "100%" as const,
      onAppearanceChange: ignore,
      onAccentColorChange: ignore,
      onGrayColorChange: ignore,
      onPanelBackgroundChange: ignore,
      onRadiusChange: ignore,
      onScalingChange: ignore,
    }),
    [appearance],
  );
  return (
    <ThemeContext.Provider value={context}>
      <div
        data-is-root-theme="true"
        data-accent-color="indigo"
        data-gray-color="slate"
        data-has-background="true"
        data-panel-background="translucent"
        data-radius="medium"
        data-scaling="100%"
        className={`radix-themes ${appearance}`}
      >
        {children}
      </div>
    </ThemeContext.Provider>
  );
}
