import { Box, Callout, IconButton } from "@radix-ui/themes";
import { Cross2Icon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useLocation } from "react-router";
import { useAuth } from "./auth-store";
import { authTexts } from "../../ui/texts/auth";

/** Pages that show the sign-in notice inline, beside their external sign-in buttons. */
export const INLINE_NOTICE_PATHS = ["/login", "/register", "/register-v2"];

/** The auth store's notice (external sign-in failed, user not loaded) as a dismissible callout. */
export function AuthNoticeCallout() {
  const notice = useAuth((s) => s.notice);
  const dismiss = useAuth((s) => s.dismissNotice);
  if (!notice?.trim()) return null;
  return (
    <Box position="relative">
      <Callout.Root color="red" role="alert" style={{ paddingRight: "var(--space-7)" }}>
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{notice}</Callout.Text>
      </Callout.Root>
      <Box position="absolute" top="2" right="2">
        <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={authTexts.close} onClick={dismiss}>
          <Cross2Icon />
        </IconButton>
      </Box>
    </Box>
  );
}

/** Elsewhere than the sign-in pages the notice floats over the top of the screen. */
export function AuthNotice() {
  const { pathname } = useLocation();
  if (INLINE_NOTICE_PATHS.includes(pathname)) return null;
  return (
    <Box
      position="fixed"
      top="4"
      style={{ left: "50%", transform: "translateX(-50%)", width: "min(480px, calc(100vw - 32px))", zIndex: 1000 }}
    >
      <AuthNoticeCallout />
    </Box>
  );
}
