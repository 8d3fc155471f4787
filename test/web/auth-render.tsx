import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";

/** A page standing in for the ones other parts build: its name and the URL it was reached at. */
function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <output data-testid="location">{location.pathname + location.search + location.hash}</output>
    </div>
  );
}

/**
 * The app's gate and sign-in pages, fresh (the auth store is module state), in a memory router
 * shaped like web/src/router.tsx, with stand-ins for Main, Chat and Share.
 */
export async function renderAuthApp(entry: string) {
  vi.resetModules();
  const { AppShell, PublicOnly, RequireAuth } = await import("../../web/src/app/layouts/AccessGate");
  const { default: AuthLayout } = await import("../../web/src/app/layouts/AuthLayout");
  const { default: Login } = await import("../../web/src/features/auth/pages/LoginPage");
  const { default: Register } = await import("../../web/src/features/auth/pages/RegisterPage");
  const { default: RegisterV2 } = await import("../../web/src/features/auth/pages/RegisterV2Page");
  const { default: Forgot } = await import("../../web/src/features/auth/pages/ForgotPage");
  const { default: ForgotSent } = await import("../../web/src/features/auth/pages/ForgotSentPage");
  const { default: Recovery } = await import("../../web/src/features/auth/pages/RecoveryPage");
  const { default: RecoveryInvalid } = await import("../../web/src/features/auth/pages/RecoveryInvalidPage");
  const { useAuth } = await import("../../web/src/features/auth/auth-store");
  const { queryClient } = await import("../../web/src/api/query-client");

  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          {
            element: <PublicOnly />,
            children: [
              {
                element: <AuthLayout />,
                children: [
                  { path: "/login", element: <Login /> },
                  { path: "/register", element: <Register /> },
                  { path: "/register-v2", element: <RegisterV2 /> },
                  { path: "/forgot", element: <Forgot /> },
                  { path: "/forgot/sent", element: <ForgotSent /> },
                  { path: "/recovery/:token", element: <Recovery /> },
                  { path: "/recovery-invalid", element: <RecoveryInvalid /> },
                ],
              },
            ],
          },
          { path: "/share/:hash", element: <Probe name="Общая история" /> },
          {
            element: <RequireAuth />,
            children: [
              { path: "/", element: <Probe name="Главная" /> },
              { path: "/chat", element: <Probe name="Новый чат" /> },
              { path: "/chat/:id", element: <Probe name="Чат" /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, useAuth };
}
