import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import Chat from "../../web/src/features/chat/ChatPage";
import { SearchDialog } from "../../web/src/features/search/SearchDialog";
import { useSearch } from "../../web/src/features/search/search-state";
import { useSearchShortcut } from "../../web/src/features/search/use-search-shortcut";
import { snippetParts } from "../../web/src/features/search/snippet";
import { fakeChatApi, json, limits, message } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/conversations.md "Search" in the app: Ctrl/Cmd+K, hits as the user types, a hit opens its
// chat at the message (on that message's branch when it is another version).

const hit = (extra: object = {}) => ({
  topic_id: 7,
  topic_name: "Договор аренды",
  assistant_type: "explain_law",
  status: "archived",
  message_id: 2,
  snippet: "Срок <mark>аренды</mark> &lt;11&gt; месяцев",
  words: ["аренды"],
  created_at: "2026-11-20T10:00:00Z",
  ...extra,
});

function server(history: unknown[], hits: unknown[] = [hit()]) {
  return fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/search": (call) => (call.query.get("q") ? json(hits) : json({ detail: "Введите, что найти" }, 422)),
    "GET /topics/7/history": () => json(history),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
    "PUT /topics/7/branch": () =>
      json([
        message(1, "user", "Вопрос"),
        message(2, "assistant", "Срок аренды 11 месяцев", { version: 1, version_ids: [2, 3] }),
      ]),
  });
}

/** The sidebar's Ctrl/Cmd+K (features/topics/Sidebar.tsx). */
function SearchShortcut() {
  useSearchShortcut();
  return null;
}

function renderApp(entry = "/") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <SearchShortcut />
            <SearchDialog />
          </>
        ),
      },
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

beforeEach(() => {
  resetStores();
  signIn();
  useSearch.setState({ open: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("reads a snippet's marks as text, never as HTML", () => {
  expect(snippetParts("a <mark>б</mark> &lt;script&gt; &amp;").map(({ text, mark }) => ({ text, mark }))).toEqual([
    { text: "a ", mark: false },
    { text: "б", mark: true },
    { text: " <script> &", mark: false },
  ]);
});

it(
  "Ctrl+K opens the search; typing finds hits with the words marked; a hit opens its chat at the " + "message",
  async () => {
    const api = server([message(1, "user", "Вопрос"), message(2, "assistant", "Срок аренды 11 месяцев")]);
    const router = renderApp();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    const field = await screen.findByLabelText("Что найти");
    expect(screen.getByText("Ищем во всех чатах и в архиве; формы слова и ё не важны.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "аренда" } });
    const found = await screen.findByTestId("search-hit");
    expect(api.callsTo("GET", "/topics/search").at(-1)!.query.get("q")).toBe("аренда");
    expect(within(found).getByText("Договор аренды")).toBeTruthy();
    expect(within(found).getByText("В архиве")).toBeTruthy();
    expect(found.querySelector("mark")!.textContent).toBe("аренды");
    expect(found.textContent).toContain("<11>");

    fireEvent.click(found);
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/7"));
    expect(new URLSearchParams(router.state.location.search)).toEqual(
      new URLSearchParams({ q: "аренда", m: "2", w: "аренды" }),
    );
    await screen.findByText("Срок аренды 11 месяцев");
    await waitFor(() =>
      expect(document.querySelector('[data-message-id="2"]')!.classList.contains("message--found")).toBe(true),
    );
    expect(api.callsTo("PUT", "/topics/7/branch")).toHaveLength(0);
  },
);

it("says when nothing is found", async () => {
  server([], []);
  renderApp();
  useSearch.setState({ open: true });
  fireEvent.change(await screen.findByLabelText("Что найти"), { target: { value: "ипотека" } });
  expect(await screen.findByText("Ничего не нашлось. Попробуйте другие слова.")).toBeTruthy();
});

it("a hit in another version of a message shows that message's branch", async () => {
  const api = server([
    message(1, "user", "Вопрос"),
    message(3, "assistant", "Другой ответ", { version: 2, version_ids: [2, 3] }),
  ]);
  renderApp("/chat/7?q=аренда&m=2");
  await screen.findByText("Срок аренды 11 месяцев");
  expect(api.callsTo("PUT", "/topics/7/branch")[0]!.body).toEqual({ message_id: 2 });
  await waitFor(() =>
    expect(document.querySelector('[data-message-id="2"]')!.classList.contains("message--found")).toBe(true),
  );
});
