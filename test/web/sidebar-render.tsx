import { Providers } from "./providers";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import MainLayout from "../../web/src/app/layouts/MainLayout";
import { useSidebar } from "../../web/src/features/topics/sidebar-state";
import { useTopicMenu } from "../../web/src/features/topics/topic-menu";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useSettings } from "../../web/src/features/account/settings-store";
import type { Topic } from "../../web/src/features/topics/topics-queries";
import { queryClient } from "../../web/src/api/query-client";

/** jsdom has no layout: the width the media queries see, and the observers Radix's popper asks for. */
export function stubViewport(width: number) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        onchange: null,
        dispatchEvent: () => false,
      };
    }),
  );
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

export function signIn(token = "access-1") {
  useAuth.setState({
    status: "authenticated",
    record: { access_token: token, refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" },
  });
}

/** Fresh sidebar, menu and settings stores (module state), no cached answers and no cookie. */
export function resetSidebar() {
  queryClient.clear();
  document.cookie = "sidebar_state=; path=/; max-age=0";
  useSidebar.setState({
    open: true,
    drawerOpen: false,
    status: "active",
    folderId: null,
    typeFilter: "all",
    notice: null,
  });
  useTopicMenu.setState({ topic: null, mode: null, dialog: null });
  useSettings.getState().close();
}

export const topic = (id: number, patch: Partial<Topic> = {}): Topic => ({
  id,
  topic_name: `Вопрос ${id}`,
  assistant_type: "explain_law",
  status: "active",
  folder_id: null,
  pinned: false,
  share_hash: null,
  created_at: "2025-03-12T09:00:00Z",
  updated_at: "2025-03-12T09:00:00Z",
  ...patch,
});

function Page({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h2>{name}</h2>
      <output data-testid="location">{location.pathname + location.hash}</output>
    </div>
  );
}

/**
 * The real main layout (header, sidebar, settings modal) around stand-in pages (or the real Main
 * when given), as web/src/router.tsx nests them.
 */
export function renderMainLayout(entry = "/", main: ReactNode = <Page name="Главная" />) {
  const router = createMemoryRouter(
    [
      {
        element: <MainLayout />,
        children: [
          { path: "/", element: main },
          { path: "/chat", element: <Page name="Новый чат" /> },
          { path: "/chat/:id", element: <Page name="Чат" /> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
