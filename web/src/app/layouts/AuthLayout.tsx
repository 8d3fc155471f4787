import { ArrowLeftIcon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { Outlet, useLocation, useNavigate } from "react-router";
import "../../features/auth/auth.css";
import { commonTexts } from "../../ui/texts/common";
import { LegalLinks } from "../../features/legal/legal-links";

/** The frame of the sign-in pages: a "Назад" button to Main whenever the page is not Main. */
export default function AuthLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Flex direction="column" className="auth-layout">
      <Box px="4" pt="4" style={{ minHeight: 48 }}>
        {pathname !== "/" && (
          <Button variant="ghost" color="gray" onClick={() => navigate("/")}>
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
