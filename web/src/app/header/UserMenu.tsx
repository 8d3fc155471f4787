import { CardStackIcon, ExitIcon, GearIcon, MoonIcon, PersonIcon, SunIcon } from "@radix-ui/react-icons";
import { Avatar, Button, DropdownMenu, Text } from "@radix-ui/themes";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../features/auth/auth-store";
import { useSettings } from "../../features/account/settings-store";
import { useTheme } from "../../features/account/theme-store";
import { headerTexts } from "../../ui/texts/header";
import { avatarLetter, displayName } from "./user-display";

/** The user's name or e-mail and avatar letter; opens settings, switches the theme, signs out. */
export function UserMenu() {
  const record = useAuth((s) => s.record);
  const logout = useAuth((s) => s.logout);
  const openSettings = useSettings((s) => s.openSettings);
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();

  const signOut = () => {
    logout();
    navigate("/login");
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" size="2" aria-label={headerTexts.userMenu} style={{ maxWidth: "100%" }}>
          <Text size="2" weight="medium" truncate className="user-menu__name" data-testid="header-user-name">
            {displayName(record)}
          </Text>
          <span className="user-menu__avatar" data-testid="header-avatar">
            <Avatar size="2" radius="full" fallback={avatarLetter(record) || "?"} />
          </span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} style={{ minWidth: 200 }}>
        <DropdownMenu.Item onSelect={() => openSettings("account")}>
          <GearIcon />
          {headerTexts.settings}
        </DropdownMenu.Item>
        {/* The settings layout's pages, for what is easier to read on a page than in the window. */}
        <DropdownMenu.Item onSelect={() => navigate("/user")}>
          <PersonIcon />
          {headerTexts.profile}
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => navigate("/subscription")}>
          <CardStackIcon />
          {headerTexts.subscription}
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
