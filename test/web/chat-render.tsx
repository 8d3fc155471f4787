import { Theme } from "@radix-ui/themes";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import Chat from "../../web/src/pages/Chat";
import { useAuth } from "../../web/src/stores/auth";
import { useChat } from "../../web/src/stores/chat";
import { useLimits } from "../../web/src/stores/limits";
import { useTopics } from "../../web/src/stores/topics";

/** A signed-in user, as the auth store holds one after start. */
export function signIn(token: string | null = "access-1") {
  useAuth.setState({ status: "authenticated", record: token ? { access_token: token, refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" } : null });
}

/** Fresh chat, limits and topics stores (module state) between tests. */
export function resetStores() {
  useChat.getState().reset();
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
    <Theme>
      <RouterProvider router={router} />
    </Theme>,
  );
  return router;
}
