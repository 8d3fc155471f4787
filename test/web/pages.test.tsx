import { act, cleanup, fireEvent, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { InfiniteQueryObserver } from "@tanstack/react-query";
import { queryClient } from "../../web/src/api/query-client";
import { currentUserKey } from "../../web/src/features/auth/session-user";
import { historyQuery } from "../../web/src/features/chat/history-query";
import { useMode } from "../../web/src/features/modes/mode-store";
import { useSidebar } from "../../web/src/features/topics/sidebar-state";
import { useTopicList } from "../../web/src/features/topics/topics-queries";
import { fakeChatApi, json, limits, message } from "./chat-fakes";
import { renderChat, resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";
import { topic } from "./sidebar-render";

// Paged lists (docs/scale.md "Pages"): the next page's cursor comes in X-Next-Cursor.
const page = (body: unknown, next?: string) => Response.json(body, { headers: next ? { "X-Next-Cursor": next } : {} });

beforeEach(() => {
  resetStores();
  signIn();
  useMode.setState({ mode: "explain_law" });
  useSidebar.setState({ status: "active", folderId: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("the topic list: the next page by its cursor, a day continued on it joined to its group", async () => {
  const api = fakeChatApi({
    "GET /topics/active/all": (call) =>
      call.query.get("cursor") === "c1"
        ? page([
            { date: "2025-03-11", topics: [topic(3)] },
            { date: "2025-03-10", topics: [topic(4)] },
          ])
        : page(
            [
              { date: null, topics: [topic(1)] },
              { date: "2025-03-11", topics: [topic(2)] },
            ],
            "c1",
          ),
  });
  const { result } = renderHook(() => useTopicList(), {
    wrapper: ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>,
  });
  await waitFor(() => expect(result.current.hasNextPage).toBe(true));
  expect(result.current.data?.map((g) => g.date)).toEqual([null, "2025-03-11"]);
  await act(() => result.current.fetchNextPage());
  await waitFor(() =>
    expect(result.current.data?.map((g) => [g.date, g.topics.map((t) => t.id)])).toEqual([
      [null, [1]],
      ["2025-03-11", [2, 3]],
      ["2025-03-10", [4]],
    ]),
  );
  expect(result.current.hasNextPage).toBe(false);
  expect(api.callsTo("GET", "/topics/active/all").map((c) => c.query.get("cursor"))).toEqual([null, "c1"]);
});

it("the chat: the newest page first, the older one above it when asked, by the cursor", async () => {
  const api = fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /topics/active/all": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
    "GET /topics/7/history": (call) =>
      call.query.get("cursor") === "3"
        ? page([message(1, "user", "Самый первый вопрос"), message(2, "assistant", "Первый ответ")])
        : page([message(3, "user", "Новый вопрос"), message(4, "assistant", "Новый ответ")], "3"),
  });
  renderChat("/chat/7");
  await screen.findByText("Новый ответ");
  expect(screen.queryByText("Самый первый вопрос")).toBeNull();
  const history = new InfiniteQueryObserver(queryClient, historyQuery(currentUserKey(), "7"));
  expect(history.getCurrentResult().hasNextPage).toBe(true);
  await act(() => history.fetchNextPage());
  expect(screen.getByText("Самый первый вопрос")).toBeTruthy();
  const ids = document.querySelectorAll("[data-message-id]");
  const shown = [...ids].map((m) => Number(m.getAttribute("data-message-id")));
  expect(shown).toEqual([1, 2, 3, 4]);
  expect(history.getCurrentResult().hasNextPage).toBe(false);
  expect(api.callsTo("GET", "/topics/7/history").map((c) => c.query.get("cursor"))).toEqual([null, "3"]);
});

it("the chat: scrolling near the top loads the older page", async () => {
  const api = fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /topics/active/all": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
    "GET /topics/7/history": (call) =>
      call.query.get("cursor") ? page([message(1, "user", "Раньше")]) : page([message(2, "assistant", "Позже")], "1"),
  });
  renderChat("/chat/7");
  await screen.findByText("Позже");
  const scroller = document.querySelector(".chat-page__scroll")!;
  fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
  await screen.findByText("Раньше");
  expect(api.callsTo("GET", "/topics/7/history")).toHaveLength(2);
});

it("a chat beyond the loaded pages of the list takes its name (and mode) from GET /topics/{id}", async () => {
  const api = fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/active/all": () => page([{ date: "2025-03-11", topics: [topic(2)] }], "c1"),
    "GET /topics/9": () => json(topic(9, { topic_name: "Давний договор" })),
    "GET /topics/9/stream": () => new Response(null, { status: 204 }),
    "GET /topics/9/history": () => page([message(1, "user", "Вопрос")]),
  });
  renderChat("/chat/9");
  await screen.findByText("Вопрос");
  await waitFor(() => expect(document.title).toBe("Давний договор — Ясно"));
  expect(api.callsTo("GET", "/topics/9")).toHaveLength(1);
});
