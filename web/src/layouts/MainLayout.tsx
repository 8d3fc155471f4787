import { Box, Flex } from "@radix-ui/themes";
import { Tooltip } from "radix-ui";
import { Outlet } from "react-router-dom";
import { Header } from "../components/header/Header";
import { SettingsModal } from "../components/settings/SettingsModal";

/**
 * The left slot of SPEC.md §2's main layout. The conversations work renders the collapsible chat
 * sidebar here (and may hand the header a toggle through `Header start`); until then it is empty.
 */
function ConversationsSidebarSlot() {
  return null;
}

/** `/`, `/chat`, `/chat/:id`, `/checkout`: the sidebar slot, the header and the page, plus the settings modal. */
export default function MainLayout() {
  return (
    // SPEC.md §2: the product opens tooltips at once.
    <Tooltip.Provider delayDuration={0}>
      <Flex height="100dvh" overflow="hidden">
        <ConversationsSidebarSlot />
        <Flex direction="column" flexGrow="1" minWidth="0">
          <Header />
          <Box asChild flexGrow="1" minHeight="0" overflowY="auto">
            <main>
              <Outlet />
            </main>
          </Box>
        </Flex>
      </Flex>
      <SettingsModal />
    </Tooltip.Provider>
  );
}
