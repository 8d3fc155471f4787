import { lazy, Suspense, type ReactNode } from "react";
import { type RouteObject, useRoutes } from "react-router-dom";
import { DotsLoader } from "../ui/DotsLoader";
import { AppShell, PublicOnly, RequireAuth } from "./layouts/AccessGate";
import { DropPrerendered } from "./prerender/DropPrerendered";

type Load = () => Promise<{ default: React.ComponentType }>;
const lazily = (load: Load, shown?: ReactNode) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<DotsLoader />}>
      <Page />
      {shown}
    </Suspense>
  );
};
// A page, once rendered, takes the place of a prerendered first screen; a layout does not, its page is still loading.
const page = (load: Load) => lazily(load, <DropPrerendered />);
const layout = (load: Load, children: { path: string; element: ReactNode }[]) => ({
  element: lazily(load),
  children,
});

// The routes of docs/product.md §2. Public auth pages send a signed-in user to Main; everything else but
// /share sends an anonymous one to Login.
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          layout(
            () => import("./layouts/AuthLayout"),
            [
              { path: "/login", element: page(() => import("../features/auth/pages/LoginPage")) },
              { path: "/register", element: page(() => import("../features/auth/pages/RegisterPage")) },
              { path: "/register-v2", element: page(() => import("../features/auth/pages/RegisterV2Page")) },
              { path: "/forgot", element: page(() => import("../features/auth/pages/ForgotPage")) },
              { path: "/forgot/sent", element: page(() => import("../features/auth/pages/ForgotSentPage")) },
              { path: "/recovery/:token", element: page(() => import("../features/auth/pages/RecoveryPage")) },
              { path: "/recovery-invalid", element: page(() => import("../features/auth/pages/RecoveryInvalidPage")) },
            ],
          ),
        ],
      },
      { path: "/share/:hash", element: page(() => import("../features/share/share-page-ready").then((m) => m.sharePageReady())) },
      // The legal documents: for everyone, signed in or not (docs/legal.md).
      { path: "/offer", element: page(() => import("../features/legal/LegalPage")) },
      { path: "/privacy", element: page(() => import("../features/legal/LegalPage")) },
      { path: "/terms", element: page(() => import("../features/legal/LegalPage")) },
      // Opened from a letter, signed in or not: the link itself is the proof.
      layout(() => import("./layouts/AuthLayout"), [{ path: "/email/confirm/:token", element: page(() => import("../features/account/EmailConfirmPage")) }]),
      {
        element: <RequireAuth />,
        children: [
          layout(
            () => import("./layouts/MainLayout"),
            [
              { path: "/", element: page(() => import("../features/modes/MainPage")) },
              { path: "/chat", element: page(() => import("../features/chat/ChatPage")) },
              { path: "/chat/:id", element: page(() => import("../features/chat/ChatPage")) },
              { path: "/checkout", element: page(() => import("../features/billing/CheckoutPage")) },
            ],
          ),
          // The invitation letter's link: nobody joins a company without saying yes here.
          layout(
            () => import("./layouts/AuthLayout"),
            [
              { path: "/invitations", element: page(() => import("../features/account/InvitationPage")) },
              { path: "/invitations/:token", element: page(() => import("../features/account/InvitationPage")) },
            ],
          ),
          layout(
            () => import("./layouts/SettingsLayout"),
            [
              { path: "/user", element: page(() => import("../features/account/UserPage")) },
              { path: "/subscription", element: page(() => import("../features/billing/SubscriptionPage")) },
              { path: "/company", element: page(() => import("../features/companies/CompanyPage")) },
            ],
          ),
        ],
      },
      { path: "*", element: page(() => import("./NotFoundPage")) },
    ],
  },
];

/** The app's pages, under a `BrowserRouter` (app/App.tsx). */
export const AppRoutes = () => useRoutes(routes);
