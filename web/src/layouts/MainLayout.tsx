import { Box, Flex } from "@radix-ui/themes";
import { Tooltip } from "radix-ui";
import { Outlet } from "react-router-dom";
import { Header } from "../components/header/Header";
import { LandingRedirect } from "../components/modes/LandingRedirect";
import { SettingsModal } from "../components/settings/SettingsModal";
import { Sidebar } from "../components/sidebar/Sidebar";
import { SidebarDrawerButton } from "../components/sidebar/SidebarToggle";
import { useIsMobile } from "../hooks/useMediaQuery";

/** `/`, `/chat`, `/chat/:id`, `/checkout`: the conversations sidebar, the header and the page, plus the settings modal. */
export default function MainLayout() {
  const isMobile = useIsMobile();
  return (
    // docs/product.md §2: the product opens tooltips at once.
    <Tooltip.Provider delayDuration={0}>
      <Flex height="100dvh" overflow="hidden">
        <Sidebar />
        <Flex direction="column" flexGrow="1" minWidth="0">
          <Header start={isMobile ? <SidebarDrawerButton /> : undefined} />
          <Box asChild flexGrow="1" minHeight="0" overflowY="auto">
            <main>
              <LandingRedirect>
                <Outlet />
              </LandingRedirect>
            </main>
          </Box>
        </Flex>
      </Flex>
      <SettingsModal />
    </Tooltip.Provider>
  );
}
