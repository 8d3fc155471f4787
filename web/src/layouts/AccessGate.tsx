import { Theme } from "@radix-ui/themes";
import { Outlet } from "react-router-dom";
import { useTheme } from "../stores/theme";

// Placeholder: the accounts web work adds the auth store, the full-screen loader and the redirects.
export function AppShell() {
  const theme = useTheme((s) => s.theme);
  return (
    <Theme appearance={theme}>
      <Outlet />
    </Theme>
  );
}
export const PublicOnly = Outlet;
export const RequireAuth = Outlet;
