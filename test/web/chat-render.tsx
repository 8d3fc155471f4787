import { Providers } from "./providers";
import { render, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import Chat from "../../web/src/features/chat/ChatPage";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useChat } from "../../web/src/features/chat/chat-store";
import { useDisclaimers } from "../../web/src/features/billing/disclaimers-store";
import { useLimits } from "../../web/src/features/billing/limits-store";
import { useTopics } from "../../web/src/features/topics/topics-store";

/** A signed-in user, as the auth store holds one after start. */
export function signIn(token: string | null = "access-1") {
  useAuth.setState({
    status: "authenticated",
    record: token ? { access_token: token, refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" } : null,
  });
}

/** Fresh chat, limits, topics and disclaimers stores (module state) between tests. */
export function resetStores() {
  useChat.getState().reset();
  useDisclaimers.getState().clear();
  useLimits.getState().clear();
  useTopics.getState().clear();
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
  await waitFor(() => expect(["loaded", "failed"]).toContain(useDisclaimers.getState().state));
}
