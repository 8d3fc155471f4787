import { ArrowLeftIcon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { Outlet, useNavigate, useNavigationType } from "react-router";
import "../../features/auth/auth.css";
import { commonTexts } from "../../ui/texts/common";
import { LegalLinks } from "../../features/legal/legal-links";
import { useSignedIn } from "../../features/auth/session-user";

/**
 * The frame of the sign-in pages and of the signed-in pages opened from a letter, with «← Назад»
 * where there is somewhere to go: to Main for a signed-in user; for anyone else back to the page of
 * the app that led here by a link, and not at all where the visitor arrived or was sent by the
 * access gate (Main would only send them back): docs/product.md §2.
 */
export default function AuthLayout() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  // PUSH: a link of the app led here, so the page before is the app's; POP (arrived, reloaded) or REPLACE (the gate).
  const followedLink = useNavigationType() === "PUSH";
  const back = signedIn ? () => navigate("/") : followedLink ? () => navigate(-1) : null;
  return (
    <Flex direction="column" className="auth-layout">
      <Box px="4" pt="4" style={{ minHeight: 48 }}>
        {back && (
          <Button variant="ghost" color="gray" onClick={back}>
            <ArrowLeftIcon />
            {commonTexts.back}
          </Button>
        )}
      </Box>
      <Flex flexGrow="1" align="center" justify="center" px="4" py="6">
        <Outlet />
      </Flex>
      <Flex direction="column" align="center" gap="2" pb="4" px="4">
        <LegalLinks />
        <Text size="1" color="gray">
          © {new Date().getFullYear()} {commonTexts.brand}
        </Text>
      </Flex>
    </Flex>
  );
}
