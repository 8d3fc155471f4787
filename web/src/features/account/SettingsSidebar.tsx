import { ArrowLeftIcon, ExitIcon } from "@radix-ui/react-icons";
import { Avatar, Flex, IconButton, Separator, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { useAuth } from "../auth/auth-store";
import { useSettingsSections } from "./settings-sections";
import { settingsLayoutTexts } from "../../ui/texts/settingsLayout";
import { avatarLetter, displayName } from "../../app/header/user-display";

type Props = {
  id: string;
  /** Called after any item is used: the drawer closes on a click on an item (docs/product.md §2). */
  onNavigate: () => void;
};

function SectionLink({
  to,
  icon,
  children,
  onClick,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <NavLink
      to={to}
      end
      onClick={onClick}
      data-testid="settings-section"
      className={({ isActive }) => `settings-nav__link${isActive ? " is-active" : ""}`}
    >
      {icon}
      {children}
    </NavLink>
  );
}

/** The settings pages' navigation: who is signed in, sign-out, home, and the settings' sections. */
export function SettingsSidebar({ id, onNavigate }: Props) {
  const record = useAuth((s) => s.record);
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();
  // The settings window's sections, in its order and with its names (issue 29).
  const { sections } = useSettingsSections();

  const signOut = () => {
    onNavigate();
    logout();
    navigate("/login");
  };

  return (
    <Flex asChild direction="column" gap="1" p={{ initial: "5", sm: "4" }}>
      <nav id={id} aria-label={settingsLayoutTexts.navigation} className="settings-nav">
        <Flex align="center" gap="2" mb="3">
          <Link to="/user" onClick={onNavigate} className="settings-nav__user" data-testid="settings-user">
            <Avatar size="2" radius="full" fallback={avatarLetter(record) || "?"} />
            <Text size="2" weight="medium" truncate>
              {displayName(record)}
            </Text>
          </Link>
          <IconButton variant="ghost" color="gray" aria-label={settingsLayoutTexts.logout} onClick={signOut}>
            <ExitIcon />
          </IconButton>
        </Flex>
        <Link to="/" onClick={onNavigate} className="settings-nav__link">
          <ArrowLeftIcon />
          {settingsLayoutTexts.home}
        </Link>
        <Separator size="4" my="2" />
        {sections.map(({ id, path, label, Icon }) => (
          <SectionLink key={id} to={path} icon={<Icon />} onClick={onNavigate}>
            {label}
          </SectionLink>
        ))}
      </nav>
    </Flex>
  );
}
