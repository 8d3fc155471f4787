import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The tooltips' provider with the delay Radix Themes' root Theme gives, for the pages outside the
 * main layout whose parts show tooltips (a copy button, a code block's copy): the root theme has
 * none (ui/RootTheme.tsx), so a page without tooltips does not load their code.
 */
export function Tooltips({ children }: { children: ReactNode }) {
  return <Tooltip.Provider delayDuration={200}>{children}</Tooltip.Provider>;
}
