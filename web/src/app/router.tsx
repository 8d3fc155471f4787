import { lazy, Suspense, type ReactNode } from "react";
import { matchRoutes, type RouteObject, useRoutes } from "react-router";
import { DotsLoader } from "../ui/DotsLoader";
import { AppShell, PublicOnly, RequireAuth } from "./layouts/AccessGate";
import { DropPrerendered } from "./prerender/DropPrerendered";

type Load = () => Promise<{ default: React.ComponentType }>;
/** Who a branch of routes is for (its gate sends everyone else away): what `preloadPage` skips. */
type Access = "signed-in" | "signed-out";
type Handle = { load?: Load; access?: Access };

/** One import, shared by the lazy component and `preloadPage`. */
const once = (load: Load): Load => {
  let loading: ReturnType<Load> | undefined;
  return () => (loading ??= load());
};
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
const page = (path: string, load: Load): RouteObject => {
  const loadOnce = once(load);
  return { path, element: lazily(loadOnce, <DropPrerendered />), handle: { load: loadOnce } satisfies Handle };
};
const layout = (load: Load, children: RouteObject[]): RouteObject => {
  const loadOnce = once(load);
  return { element: lazily(loadOnce), children, handle: { load: loadOnce } satisfies Handle };
};

// The routes of docs/product.md §2. Public auth pages send a signed-in user to Main; everything else but
// /share and the legal pages, an unknown address included, sends an anonymous one to Login.
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <PublicOnly />,
        handle: { access: "signed-out" } satisfies Handle,
        children: [
          layout(
            () => import("./layouts/AuthLayout"),
            [
              page("/login", () => import("../features/auth/pages/LoginPage")),
              page("/register", () => import("../features/auth/pages/RegisterPage")),
              page("/register-v2", () => import("../features/auth/pages/RegisterV2Page")),
              page("/forgot", () => import("../features/auth/pages/ForgotPage")),
              page("/forgot/sent", () => import("../features/auth/pages/ForgotSentPage")),
              page("/recovery/:token", () => import("../features/auth/pages/RecoveryPage")),
              page("/recovery-invalid", () => import("../features/auth/pages/RecoveryInvalidPage")),
            ],
          ),
        ],
      },
      page("/share/:hash", () => import("../features/share/share-page-ready").then((m) => m.sharePageReady())),
      // The legal documents: for everyone, signed in or not (docs/legal.md).
      layout(
        () => import("./layouts/PublicLayout"),
        [
          page("/offer", () => import("../features/legal/LegalPage")),
          page("/privacy", () => import("../features/legal/LegalPage")),
          page("/terms", () => import("../features/legal/LegalPage")),
        ],
      ),
      // Opened from a letter, signed in or not: the link itself is the proof.
      layout(
        () => import("./layouts/AuthLayout"),
        [page("/email/confirm/:token", () => import("../features/account/EmailConfirmPage"))],
      ),
      {
        element: <RequireAuth />,
        handle: { access: "signed-in" } satisfies Handle,
        children: [
          layout(
            () => import("./layouts/MainLayout"),
            [
              page("/", () => import("../features/modes/MainPage")),
              page("/chat", () => import("../features/chat/ChatPage")),
              page("/chat/:id", () => import("../features/chat/ChatPage")),
              page("/checkout", () => import("../features/billing/CheckoutPage")),
              // The law library's article with its editions and the act's contents (docs/law.md "What the user sees").
              page("/law/:act/:article", () => import("../features/law/LawArticlePage")),
            ],
          ),
          // The invitation letter's link: nobody joins a company without saying yes here; the bot's link likewise.
          layout(
            () => import("./layouts/AuthLayout"),
            [
              page("/invitations", () => import("../features/account/InvitationPage")),
              page("/invitations/:token", () => import("../features/account/InvitationPage")),
              // The Telegram bot's one-time link (/link in the bot): joins the chat's Telegram to this account.
              page("/link/telegram", () => import("../features/account/TelegramLinkPage")),
            ],
          ),
          layout(
            () => import("./layouts/SettingsLayout"),
            [
              page("/user", () => import("../features/account/UserPage")),
              page("/subscription", () => import("../features/billing/SubscriptionPage")),
              page("/user/privacy", () => import("../features/privacy/PrivacySettingsPage")),
              page("/company", () => import("../features/companies/CompanyPage")),
            ],
          ),
          // Signed in, an address the app has no page for is not found (the host answers it 404).
          page("*", () => import("./NotFoundPage")),
        ],
      },
    ],
  },
];

/**
 * Starts loading the layout and the page an address opens, side by side and beside the auth
 * state's start, instead of each only once what holds it has rendered (a round trip each on a
 * phone's network); not those of a branch whose gate will send this visitor elsewhere.
 */
export function preloadPage(pathname: string, signedIn: boolean) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const { load, access } = (route.handle ?? {}) as Handle;
    if (access && access !== (signedIn ? "signed-in" : "signed-out")) return;
    // A chunk that fails to load fails where its page renders, as it would without this.
    load?.().catch(() => {});
  }
}

/** The app's pages, under a `BrowserRouter` (app/App.tsx). */
export const AppRoutes = () => useRoutes(routes);
