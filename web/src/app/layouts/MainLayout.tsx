import { Box, Flex } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { Header } from "../header/Header";
import { LandingRedirect } from "../../features/modes/LandingRedirect";
import { LazySettingsModal } from "../../features/account/LazySettingsModal";
import { Sidebar } from "../../features/topics/Sidebar";
import { SidebarDrawerButton } from "../../features/topics/SidebarToggle";
import { useIsMobile } from "../../ui/hooks/useMediaQuery";

/**
 * `/`, `/chat`, `/chat/:id`, `/checkout`: the conversations sidebar, the header and the page, plus the settings modal.
 */
export default function MainLayout() {
  const isMobile = useIsMobile();
  return (
    <>
      <Flex height="100dvh" overflow="hidden" className="app-frame">
        <Sidebar />
        <Flex direction="column" flexGrow="1" minWidth="0">
          <Header start={isMobile ? <SidebarDrawerButton /> : undefined} />
          <Box asChild flexGrow="1" minHeight="0" overflowY="auto" className="app-main">
            <main>
              <LandingRedirect>
                <Outlet />
              </LandingRedirect>
            </main>
          </Box>
        </Flex>
      </Flex>
      <LazySettingsModal />
    </>
  );
}
