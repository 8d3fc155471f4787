import { Providers } from "./providers";
import { render, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import Chat from "../../web/src/features/chat/ChatPage";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { resetChat } from "../../web/src/features/chat/chat-reset";
import { disclaimersQuery, useTermsRefused } from "../../web/src/features/billing/disclaimers-queries";
import { InfiniteQueryObserver } from "@tanstack/react-query";
import { queryClient } from "../../web/src/api/query-client";
import { userKeyOf } from "../../web/src/features/auth/session-user";
import { type TopicGroup, type TopicQuery, topicListQuery } from "../../web/src/features/topics/topics-queries";

/** A signed-in user, as the auth store holds one after start. */
export function signIn(token: string | null = "access-1") {
  useAuth.setState({
    status: "authenticated",
    record: token ? { access_token: token, refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" } : null,
  });
}

/** Fresh chat, limits and disclaimers stores (module state) and no cached answers between tests. */
export function resetStores() {
  queryClient.clear();
  resetChat();
  useTermsRefused.setState({ refused: false });
}

/**
 * The sidebar is there with `query`'s list loaded (`groups`), as beside the chat in the app: a new
 * topic or a finished reply makes it ask again. Returns the unsubscribe.
 */
export function sidebarShowing(
  groups: unknown[] = [],
  query: TopicQuery = { status: "active", type: "law", folderId: null },
) {
  const options = topicListQuery(userKeyOf(useAuth.getState().record?.access_token), query);
  queryClient.setQueryData(options.queryKey, {
    pages: [{ groups: groups as TopicGroup[], next: null }],
    pageParams: [null],
  });
  return new InfiniteQueryObserver(queryClient, options).subscribe(() => {});
}

/** The chat page at `/chat` or `/chat/:id`, in a router shaped like web/src/router.tsx. */
export function renderChat(entry: string) {
  const router = createMemoryRouter(
    [
      { path: "/chat", element: <Chat /> },
      { path: "/chat/:id", element: <Chat /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/**
 * The composer loads the modes' terms when it appears and a send waits for them; a test that
 * checks what a send does at once waits for them first, as a user typing would.
 */
export async function disclaimersSettled() {
  const terms = disclaimersQuery(userKeyOf(useAuth.getState().record?.access_token));
  await waitFor(() => {
    const state = queryClient.getQueryState(terms.queryKey);
    expect(["success", "error"]).toContain(state?.status);
    expect(state?.fetchStatus).toBe("idle");
  });
}
