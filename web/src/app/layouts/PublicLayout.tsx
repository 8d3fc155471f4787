import { Box, Flex } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { LazySettingsModal } from "../../features/account/LazySettingsModal";
import { useSignedIn } from "../../features/auth/session-user";
import { Header } from "../header/Header";
import { PublicHeader } from "../header/PublicHeader";

/**
 * The legal pages' frame (issue 29): the app's header and its theme for everyone, signed in or not.
 * Signed in, it is the main layout's header (balance, bell, user menu, the settings window); signed
 * out, the brand, the theme switch and «Войти».
 */
export default function PublicLayout() {
  const signedIn = useSignedIn();
  return (
    <>
      <Flex direction="column" minHeight="100dvh" className="app-frame public-layout">
        {signedIn ? <Header /> : <PublicHeader />}
        <Box asChild flexGrow="1" className="app-main">
          <main>
            <Outlet />
          </main>
        </Box>
      </Flex>
      {signedIn && <LazySettingsModal />}
    </>
  );
}
