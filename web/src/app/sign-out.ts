import { forgetBookmarks } from "../api/d1-bookmark";
import { queryClient } from "../api/query-client";
import { useAuth } from "../features/auth/auth-store";
import { forgetRegistered } from "../features/auth/forget-on-sign-out";

/**
 * What signing out forgets (docs/product.md §4): every cached server answer, the session's D1
 * bookmarks, and what the client stores that were the user's registered (`forgetOnSignOut` beside
 * each: the chat on screen with its composer files, an open settings modal, the drawer and what a
 * refused send taught about the terms). A sign-out is the move from a session to none, whether the
 * user asked for it, a refresh failed or another tab signed out. Called once at start-up
 * (app/start.tsx); returns the unsubscribe.
 */
export function forgetOnSignOut(): () => void {
  return useAuth.subscribe((state, previous) => {
    if (previous.status !== "authenticated" || state.status === "authenticated") return;
    queryClient.clear();
    forgetBookmarks();
    forgetRegistered();
  });
}
