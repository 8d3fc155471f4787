import { Theme, useThemeContext } from "@radix-ui/themes";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RootTheme } from "../../web/src/ui/RootTheme";

function ContextShown() {
  const {
    onAppearanceChange,
    onAccentColorChange,
    onGrayColorChange,
    onPanelBackgroundChange,
    onRadiusChange,
    onScalingChange,
    ...values
  } = useThemeContext();
  return <span>{JSON.stringify(values)}</span>;
}

describe("RootTheme (Radix's root Theme without its tooltip provider)", () => {
  for (const appearance of ["light", "dark"] as const) {
    it(`renders the root element and context Radix's Theme does (${appearance})`, () => {
      const ours = render(
        <RootTheme appearance={appearance}>
          <ContextShown />
        </RootTheme>,
      ).container.innerHTML;
      const radix = render(
        <Theme appearance={appearance} accentColor="indigo">
          <ContextShown />
        </Theme>,
      ).container.innerHTML;
      expect(ours).toBe(radix);
    });
  }
});
