import { ConsentGate } from "../../features/legal/ConsentGate";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import "../app-shell.css";
import { AuthNotice } from "../../features/auth/AuthNotice";
import { readAuthReturn } from "../../features/auth/auth-return";
import { returnAddress, type GateState } from "../../features/auth/return-address";
import { FullScreenLoader } from "../../ui/FullScreenLoader";
import { RootTheme } from "../../ui/RootTheme";
import { useAuth } from "../../features/auth/auth-store";
import { useTheme } from "../../features/account/theme-store";

/**
 * The root of every route: the theme, the one start of the auth state (with what an external
 * sign-in brought back in the URL) and the full-screen loader until that state is known.
 */
export function AppShell() {
  const theme = useTheme((s) => s.theme);
  const status = useAuth((s) => s.status);
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load: the location of the first render is the one the browser arrived with.
  useEffect(() => {
    const external = readAuthReturn(location);
    // Tokens must not stay in the address bar or the history (replaceState through the router).
    if (external)
      navigate(
        { pathname: location.pathname, search: external.search, hash: external.hash },
        { replace: true, state: location.state },
      );
    void useAuth.getState().start(external?.result ?? null);
  }, []);

  return (
    <RootTheme appearance={theme}>
      {status === "loading" ? <FullScreenLoader /> : <Outlet />}
      <AuthNotice />
    </RootTheme>
  );
}

/** Sign-in pages: a signed-in user goes on to where they were headed, or to Main. */
export function PublicOnly() {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  if (status === "authenticated") return <Navigate to={returnAddress(location.state) ?? "/"} replace />;
  return <Outlet />;
}

/** Everything else but /share: an anonymous user goes to Login, which brings them back here. */
export function RequireAuth() {
  const status = useAuth((s) => s.status);
  const endedBy = useAuth((s) => s.endedBy);
  const location = useLocation();
  if (status !== "authenticated") {
    // After their own "Выйти" a user starts afresh on Main; an expired session returns to the page.
    const state: GateState | undefined =
      endedBy === "user" ? undefined : { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <>
      <Outlet />
      <ConsentGate />
    </>
  );
}
