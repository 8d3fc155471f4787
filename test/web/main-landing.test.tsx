import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { landingDecision } from "../../web/src/features/modes/landing";
import Main from "../../web/src/features/modes/MainPage";
import { useMode } from "../../web/src/features/modes/mode-store";
import { queryClient } from "../../web/src/api/query-client";
import { topicListQuery } from "../../web/src/features/topics/topics-queries";
import { fakeChatApi } from "./chat-fakes";
import { renderMainLayout, resetSidebar, signIn, stubViewport, topic } from "./sidebar-render";

const json = (data: unknown, status = 200) => Response.json(data, { status });
const products = [
  { assistant_type: "explain_law", title: "Юрист", description: "Объясняет законы простыми словами", model: "demo" },
  { assistant_type: "gpt", title: "Ассистент", description: "Отвечает на любые вопросы", model: "demo" },
  { assistant_type: "explain_estate", title: "Недвижимость", description: "Сделки, аренда, ипотека", model: "demo" },
  { assistant_type: "explain_img", title: "Изображения", description: "Объясняет, что на фото", model: "demo" },
];

describe("landingDecision (docs/product.md §2 Main landing, as docs/web.md reads it)", () => {
  const loaded = (topics: number) => ({
    state: "loaded" as const,
    query: { status: "active" as const, type: "law" as const, folderId: null },
    groups: topics ? [{ date: "2025-03-12", topics: Array.from({ length: topics }, (_, i) => topic(i + 1)) }] : [],
  });
  const base = { pathname: "/chat", picked: false, mode: "explain_law" };

  it("sends a new chat to Main once the picked mode's list has loaded empty", () => {
    expect(landingDecision({ ...base, topics: loaded(0) })).toBe("redirect");
    expect(landingDecision({ ...base, pathname: "/chat/", topics: loaded(0) })).toBe("redirect");
  });

  it("waits while that list loads", () => {
    expect(landingDecision({ ...base, topics: { ...loaded(0), state: "loading" } })).toBe("wait");
    expect(landingDecision({ ...base, topics: { state: "idle", query: null, groups: [] } })).toBe("wait");
  });

  it("stays when the sidebar shows another type's list (its filter): that list says nothing of the mode's", () => {
    expect(landingDecision({ ...base, mode: "gpt", topics: loaded(0) })).toBe("stay");
  });

  it("stays with topics, after a failed load, after picking a mode, and on any other route", () => {
    expect(landingDecision({ ...base, topics: loaded(2) })).toBe("stay");
    expect(landingDecision({ ...base, topics: { ...loaded(0), state: "error" } })).toBe("stay");
    expect(landingDecision({ ...base, picked: true, topics: loaded(0) })).toBe("stay");
    expect(landingDecision({ ...base, pathname: "/chat/5", topics: loaded(0) })).toBe("stay");
    expect(landingDecision({ ...base, pathname: "/", topics: loaded(0) })).toBe("stay");
  });

  it("the archive or a folder says nothing about the main list", () => {
    expect(
      landingDecision({
        ...base,
        topics: { ...loaded(0), query: { status: "archived", type: "law", folderId: null } },
      }),
    ).toBe("stay");
    expect(
      landingDecision({ ...base, topics: { ...loaded(0), query: { status: "active", type: "law", folderId: 3 } } }),
    ).toBe("stay");
  });
});

describe("Main: the mode picker", () => {
  beforeEach(() => {
    localStorage.clear();
    resetSidebar();
    useMode.setState({ mode: "explain_law" });
    signIn();
    stubViewport(1280);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function fakeApi(groups: unknown[] = []) {
    return fakeChatApi({
      "GET /products": () => json(products),
      "GET /topics/active/:type": () => json(groups),
      "GET /folders/:mode": () => json([]),
    });
  }

  it("shows a card per product with its title and description, the picked one highlighted", async () => {
    fakeApi();
    renderMainLayout("/", <Main />);
    const law = await screen.findByTestId("mode-card-explain_law");
    expect(law.textContent).toContain("Юрист");
    expect(law.textContent).toContain("Объясняет законы простыми словами");
    expect(law.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("mode-card-gpt").getAttribute("aria-pressed")).toBe("false");
    expect(within(screen.getByTestId("mode-picker")).getAllByRole("button", { pressed: false })).toHaveLength(3);
  });

  it("choosing a mode keeps it in local storage and opens a new chat in it, which stays", async () => {
    fakeApi();
    const { router } = renderMainLayout("/", <Main />);
    fireEvent.click(await screen.findByTestId("mode-card-explain_estate"));
    expect(localStorage.getItem("yasno-model")).toBe("explain_estate");
    expect(useMode.getState().mode).toBe("explain_estate");
    expect(router.state.location.pathname).toBe("/chat");
    // No topics in that mode, but the user just picked it: the new chat stays.
    expect(await screen.findByText("Новый чат", { selector: "h2" })).toBeTruthy();
    const estateList = topicListQuery(null, { status: "active", type: "all", folderId: null });
    await waitFor(() => expect(queryClient.getQueryState(estateList.queryKey)?.status).toBe("success"));
    expect(router.state.location.pathname).toBe("/chat");
  });

  it("a new chat opened directly with no topics goes to Main, replacing the entry; with topics it stays", async () => {
    fakeApi();
    const first = renderMainLayout("/chat");
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/"));
    expect(first.router.state.historyAction).toBe("REPLACE");
    cleanup();
    resetSidebar();
    fakeApi([{ date: "2025-03-12", topics: [topic(1)] }]);
    const second = renderMainLayout("/chat");
    expect(await screen.findByText("Новый чат", { selector: "h2" })).toBeTruthy();
    expect(second.router.state.location.pathname).toBe("/chat");
  });

  it("a failed product list says so and can be retried", async () => {
    let fail = true;
    fakeChatApi({ "GET /products": () => (fail ? json({ detail: "Сбой" }, 500) : json(products)) });
    render(
      <Providers>
        <RouterProvider router={createMemoryRouter([{ path: "/", element: <Main /> }])} />
      </Providers>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Сбой");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    expect(await screen.findByTestId("mode-card-gpt")).toBeTruthy();
  });
});

describe("the picked mode store (docs/product.md §3)", () => {
  afterEach(() => localStorage.clear());

  it("accepts a stored mode only if it is one of the four; default explain_law", async () => {
    for (const [stored, expected] of [
      ["explain_img", "explain_img"],
      ["hacker", "explain_law"],
      [null, "explain_law"],
    ] as const) {
      localStorage.clear();
      if (stored) localStorage.setItem("yasno-model", stored);
      vi.resetModules();
      const { useMode: fresh } = await import("../../web/src/features/modes/mode-store");
      expect(fresh.getState().mode).toBe(expected);
    }
  });

  it("ignores an invalid mode", () => {
    useMode.getState().setMode("explain_law");
    useMode.getState().setMode("nope" as never);
    expect(useMode.getState().mode).toBe("explain_law");
    expect(localStorage.getItem("yasno-model")).toBe("explain_law");
  });
});
