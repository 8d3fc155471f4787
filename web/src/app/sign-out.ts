import { forgetBookmarks } from "../api/d1-bookmark";
import { queryClient } from "../api/query-client";
import { useSettings } from "../features/account/settings-store";
import { useAuth } from "../features/auth/auth-store";
import { useTermsRefused } from "../features/billing/disclaimers-queries";
import { useChat } from "../features/chat/chat-store";
import { useSidebar } from "../features/topics/sidebar-state";

/**
 * What signing out forgets (docs/product.md §4), in one place: every cached server answer, the
 * chat on screen with its composer files, an open settings modal, the drawer,
 * what a refused send taught about the terms and the session's D1 bookmarks. A sign-out is
 * the move from a session to none, whether the user asked for it, a refresh failed or another
 * tab signed out. Called once at start-up (main.tsx); returns the unsubscribe.
 */
export function forgetOnSignOut(): () => void {
  return useAuth.subscribe((state, previous) => {
    if (previous.status !== "authenticated" || state.status === "authenticated") return;
    queryClient.clear();
    forgetBookmarks();
    useChat.getState().reset();
    useSettings.getState().reset();
    useSidebar.getState().reset();
    useTermsRefused.setState({ refused: false });
  });
}
