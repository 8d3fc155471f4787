import { focusManager, QueryClient } from "@tanstack/react-query";

/**
 * The web app's one cache of server answers (docs/web.md "Server state"): what the API said, keyed
 * by the signed-in user, deduplicated and kept in order by TanStack Query. Signing out clears it
 * (app/sign-out.ts).
 *
 * Answers stay fresh until something invalidates them (a send, a rename, a payment, a promo):
 * the screens of docs/product.md load each list once and again only after a change, so a refetch
 * on every focus or mount would be traffic without news. The queries that must follow the world
 * (limits, notices) say so themselves. No retries: a failure shows its Russian message at once,
 * with the screen's own "try again".
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false },
  },
});

// "Comes back" means the tab shown again or the window focused again (another window was in front):
// TanStack Query 5 listens to the first only, the app has always answered both.
focusManager.setEventListener((focused) => {
  const listener = () => focused();
  window.addEventListener("visibilitychange", listener, false);
  window.addEventListener("focus", listener, false);
  return () => {
    window.removeEventListener("visibilitychange", listener);
    window.removeEventListener("focus", listener);
  };
});
