import { ExitIcon, GearIcon, MoonIcon, SunIcon } from "@radix-ui/react-icons";
import { DropdownMenu } from "@radix-ui/themes";
import type { Pressed } from "../../ui/lazy/OpenOnFirstPress";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth/auth-store";
import { useSettings } from "../../features/account/settings-store";
import { useTheme } from "../../features/account/theme-store";
import { headerTexts } from "../../ui/texts/header";

/** The user menu around its trigger, loaded when first pressed (app/header/UserMenu.tsx). */
export function UserMenuOpen({ trigger, defaultOpen }: Pressed) {
  const logout = useAuth((s) => s.logout);
  const openSettings = useSettings((s) => s.openSettings);
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();

  const signOut = () => {
    logout();
    navigate("/login");
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} style={{ minWidth: 200 }}>
        {/* One way to the settings (issue 29): the window; its pages are reached from inside it and by address. */}
        <DropdownMenu.Item onSelect={() => openSettings("account")}>
          <GearIcon />
          {headerTexts.settings}
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={toggle}>
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          {theme === "dark" ? headerTexts.lightTheme : headerTexts.darkTheme}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={signOut}>
          <ExitIcon />
          {headerTexts.logout}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
