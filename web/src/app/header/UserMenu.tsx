import { Avatar, Button, Text } from "@radix-ui/themes";
import { useAuth } from "../../features/auth/auth-store";
import { headerTexts } from "../../ui/texts/header";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { avatarLetter, displayName } from "./user-display";

const loadMenu = () => import("./UserMenuOpen").then((m) => m.UserMenuOpen);

/** The user's name or e-mail and avatar letter; opens settings, switches the theme, signs out. */
export function UserMenu() {
  const record = useAuth((s) => s.record);
  return (
    <OpenOnFirstPress
      load={loadMenu}
      props={{}}
      trigger={
        <Button variant="ghost" color="gray" size="2" aria-label={headerTexts.userMenu} style={{ maxWidth: "100%" }}>
          <Text size="2" weight="medium" truncate className="user-menu__name" data-testid="header-user-name">
            {displayName(record)}
          </Text>
          <span className="user-menu__avatar" data-testid="header-avatar">
            <Avatar size="2" radius="full" fallback={avatarLetter(record) || "?"} />
          </span>
        </Button>
      }
    />
  );
}
