import { lazy, Suspense, type ReactNode } from "react";
import { createBrowserRouter } from "react-router-dom";
import { DotsLoader } from "./components/DotsLoader";
import { AppShell, PublicOnly, RequireAuth } from "./layouts/AccessGate";

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<DotsLoader />}>
      <Page />
    </Suspense>
  );
};
const layout = (load: () => Promise<{ default: React.ComponentType }>, children: { path: string; element: ReactNode }[]) => ({
  element: page(load),
  children,
});

// The routes of docs/product.md §2. Public auth pages send a signed-in user to Main; everything else but
// /share sends an anonymous one to Login.
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          layout(
            () => import("./layouts/AuthLayout"),
            [
              { path: "/login", element: page(() => import("./pages/auth/Login")) },
              { path: "/register", element: page(() => import("./pages/auth/Register")) },
              { path: "/register-v2", element: page(() => import("./pages/auth/RegisterV2")) },
              { path: "/forgot", element: page(() => import("./pages/auth/Forgot")) },
              { path: "/forgot/sent", element: page(() => import("./pages/auth/ForgotSent")) },
              { path: "/recovery/:token", element: page(() => import("./pages/auth/Recovery")) },
              { path: "/recovery-invalid", element: page(() => import("./pages/auth/RecoveryInvalid")) },
            ],
          ),
        ],
      },
      { path: "/share/:hash", element: page(() => import("./pages/Share")) },
      // Opened from a letter, signed in or not: the link itself is the proof.
      layout(() => import("./layouts/AuthLayout"), [{ path: "/email/confirm/:token", element: page(() => import("./pages/EmailConfirm")) }]),
      {
        element: <RequireAuth />,
        children: [
          layout(
            () => import("./layouts/MainLayout"),
            [
              { path: "/", element: page(() => import("./pages/Main")) },
              { path: "/chat", element: page(() => import("./pages/Chat")) },
              { path: "/chat/:id", element: page(() => import("./pages/Chat")) },
              { path: "/checkout", element: page(() => import("./pages/Checkout")) },
            ],
          ),
          // The invitation letter's link: nobody joins a company without saying yes here.
          layout(
            () => import("./layouts/AuthLayout"),
            [
              { path: "/invitations", element: page(() => import("./pages/Invitation")) },
              { path: "/invitations/:token", element: page(() => import("./pages/Invitation")) },
            ],
          ),
          layout(
            () => import("./layouts/SettingsLayout"),
            [
              { path: "/user", element: page(() => import("./pages/User")) },
              { path: "/subscription", element: page(() => import("./pages/Subscription")) },
            ],
          ),
        ],
      },
      { path: "*", element: page(() => import("./pages/NotFound")) },
    ],
  },
]);
