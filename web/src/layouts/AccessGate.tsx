import { Theme } from "@radix-ui/themes";
import { Outlet } from "react-router-dom";

// Placeholder: the accounts web work adds the auth store, the full-screen loader and the redirects.
export function AppShell() {
  return (
    <Theme>
      <Outlet />
    </Theme>
  );
}
export const PublicOnly = Outlet;
export const RequireAuth = Outlet;
