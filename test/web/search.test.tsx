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

it("snippets read without Markdown syntax: no table bars, fences, emphasis or heading marks", () => {
  const text = (snippet: string) =>
    snippetParts(snippet)
      .map((p) => p.text)
      .join("");
  expect(text("| Что получено | <mark>Значение</mark> |\n|---|---|\n| Режим | Юрист |")).toBe(
    " Что получено Значение Режим Юрист ",
  );
  expect(text("```json\n{ &quot;a&quot;: 1 }\n```")).not.toContain("```");
  expect(text("## Итог\n**важно** и `код`")).toBe("Итог важно и код");
});

it("one row per chat, the first picked; ↑/↓ move the pick and Enter opens it; days as the sidebar says", async () => {
  const today = new Date().toISOString();
  const older = "2020-01-15T10:00:00Z";
  server(
    [message(1, "user", "Вопрос")],
    [
      hit({ topic_id: 7, message_id: null, snippet: "Договор <mark>аренды</mark>", created_at: today }),
      hit({ topic_id: 7, message_id: 2, created_at: today }),
      hit({ topic_id: 8, topic_name: "Аренда дачи", status: "active", message_id: 5, created_at: older }),
    ],
  );
  const router = renderApp();
  useSearch.setState({ open: true });
  const field = await screen.findByRole("combobox", { name: "Что найти" });
  fireEvent.change(field, { target: { value: "аренда" } });
  await waitFor(() => expect(screen.getAllByTestId("search-hit")).toHaveLength(2));
  const [first, second] = screen.getAllByRole("option");
  expect(first!.getAttribute("aria-selected")).toBe("true");
  expect(within(first!).getByText("В названии")).toBeTruthy();
  expect(first!.querySelector("mark")!.textContent).toBe("аренды");
  expect(within(first!).getByTestId("search-hit-date").textContent).toBe("Сегодня");
  expect(within(second!).getByTestId("search-hit-date").textContent).toBe("15.01.2020");

  fireEvent.keyDown(field, { key: "ArrowDown" });
  expect(second!.getAttribute("aria-selected")).toBe("true");
  expect(field.getAttribute("aria-activedescendant")).toBe(second!.id);
  fireEvent.keyDown(field, { key: "ArrowDown" });
  expect(first!.getAttribute("aria-selected")).toBe("true");
  fireEvent.keyDown(field, { key: "ArrowUp" });
  fireEvent.keyDown(field, { key: "Enter" });
  await waitFor(() => expect(router.state.location.pathname).toBe("/chat/8"));
});
