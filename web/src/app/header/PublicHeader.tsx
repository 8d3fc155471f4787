import { MoonIcon, SunIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton } from "@radix-ui/themes";
import { Link } from "react-router";
import { useTheme } from "../../features/account/theme-store";
import { Hint } from "../../ui/Hint";
import { commonTexts } from "../../ui/texts/common";
import { headerTexts } from "../../ui/texts/header";
import "./header.css";

/** The header of a page open to visitors (the legal documents): the brand home, the theme switch, «Войти». */
export function PublicHeader() {
  const { theme, toggle } = useTheme();
  const switchLabel = theme === "dark" ? headerTexts.lightTheme : headerTexts.darkTheme;
  return (
    <Flex asChild align="center" justify="between" gap="3" px="4" className="app-header">
      <header>
        <Link to="/" className="app-header__brand app-header__brand-link">
          {commonTexts.brand}
        </Link>
        <Flex align="center" gap="4">
          <Hint content={switchLabel}>
            <IconButton variant="ghost" color="gray" aria-label={switchLabel} onClick={toggle}>
              {theme === "dark" ? <SunIcon /> : <MoonIcon />}
            </IconButton>
          </Hint>
          <Button asChild variant="soft">
            <Link to="/login">{headerTexts.signIn}</Link>
          </Button>
        </Flex>
      </header>
    </Flex>
  );
}
