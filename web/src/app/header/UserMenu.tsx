import { Avatar, Button, Text, VisuallyHidden } from "@radix-ui/themes";
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
        // Named by its visible text with what it opens before it (no aria-label that would hide the name: axe's
        // label-content-name-mismatch); the avatar's letter repeats the name and is not read.
        <Button variant="ghost" color="gray" size="2" style={{ maxWidth: "100%" }}>
          <VisuallyHidden>{headerTexts.userMenu}: </VisuallyHidden>
          <Text size="2" weight="medium" truncate className="user-menu__name" data-testid="header-user-name">
            {displayName(record)}
          </Text>
          <span className="user-menu__avatar" data-testid="header-avatar" aria-hidden="true">
            <Avatar size="2" radius="full" fallback={avatarLetter(record) || "?"} />
          </span>
        </Button>
      }
    />
  );
}
