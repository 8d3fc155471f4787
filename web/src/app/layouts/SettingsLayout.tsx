import { HamburgerMenuIcon } from "@radix-ui/react-icons";
import { Box, Flex, Heading, IconButton } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
import { Outlet } from "react-router";
import { SettingsSidebar } from "../../features/account/SettingsSidebar";
import "../../features/account/settings-layout.css";
import { useIsMobile } from "../../ui/hooks/useMediaQuery";
import { useSwipeDrawer } from "../../ui/hooks/useSwipeDrawer";
import { settingsLayoutTexts } from "../../ui/texts/settingsLayout";

/** `/user` and `/subscription`: a sidebar (a swipeable drawer on a phone), a top bar and the page. */
export default function SettingsLayout() {
  const sidebarId = useId();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const open = () => setDrawerOpen(true);
  const close = () => setDrawerOpen(false);

  useSwipeDrawer({ enabled: isMobile, open: drawerOpen, onOpen: open, onClose: close });
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  return (
    <Flex className="settings-layout">
      <Box
        className="settings-layout__sidebar"
        data-open={isMobile ? drawerOpen : undefined}
        data-testid="settings-sidebar"
      >
        <SettingsSidebar id={sidebarId} onNavigate={close} />
      </Box>
      {isMobile && drawerOpen && (
        // biome-ignore lint/a11y: a pointer-only backdrop; Escape and the drawer's own controls are the keyboard way out
        <div className="settings-layout__backdrop" data-testid="settings-backdrop" onClick={close} />
      )}
      <Flex direction="column" flexGrow="1" minWidth="0">
        <Flex align="center" gap="3" px={{ initial: "5", sm: "4" }} className="settings-layout__topbar">
          {isMobile && (
            // Kept clear of the 20 px edge zone, where touches have their default (the click) prevented.
            <IconButton
              variant="soft"
              color="gray"
              size="3"
              aria-label={settingsLayoutTexts.openMenu}
              aria-expanded={drawerOpen}
              aria-controls={sidebarId}
              onClick={open}
            >
              <HamburgerMenuIcon width="20" height="20" />
            </IconButton>
          )}
          <Heading as="h1" size="4">
            {settingsLayoutTexts.title}
          </Heading>
        </Flex>
        <Box asChild flexGrow="1" minHeight="0" overflowY="auto">
          <main>
            <Outlet />
          </main>
        </Box>
      </Flex>
    </Flex>
  );
}
