import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  isToggleShortcut,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  useSidebar,
  writeSidebarCookie,
} from "../../web/src/features/topics/sidebar-state";
import { menuAnchor } from "../../web/src/features/topics/topic-menu";
import { useSettings } from "../../web/src/features/account/settings-store";
import { useMode } from "../../web/src/features/modes/mode-store";
import { fakeChatApi } from "./chat-fakes";
import { renderMainLayout, resetSidebar, signIn, stubViewport, topic } from "./sidebar-render";

const json = (data: unknown, status = 200) => Response.json(data, { status });
const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date());

/** The Worker for the sidebar: the picked mode's list, no folders, the four products. */
function fakeSidebarApi(groups: unknown[], more: Parameters<typeof fakeChatApi>[0] = {}) {
  return fakeChatApi({
    "GET /topics/active/all": () => json(groups),
    "GET /folders/explain_law": () => json([]),
    "GET /products": () =>
      json([{ assistant_type: "explain_law", title: "Юрист", description: "Право", model: "demo" }]),
    ...more,
  });
}

beforeEach(() => {
  localStorage.clear();
  resetSidebar();
  signIn();
  stubViewport(1280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the sidebar_state cookie (docs/product.md §9)", () => {
  it("reads open unless the cookie says false", () => {
    expect(readSidebarCookie("")).toBe(true);
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("my_sidebar_state=false")).toBe(true);
  });

  it("is written for 7 days on the whole site", () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    vi.spyOn(document, "cookie", "set").mockImplementation((value) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    writeSidebarCookie(false);
    expect(writes).toEqual([`sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`]);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(readSidebarCookie()).toBe(false);
    vi.restoreAllMocks();
  });
});

describe("Ctrl/Cmd+B", () => {
  const key = (init: Partial<KeyboardEvent>) => ({
    key: "b",
    code: "KeyB",
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  });

  it("is Ctrl+B or Cmd+B, on any layout, and nothing else", () => {
    expect(isToggleShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ metaKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ ctrlKey: true, key: "B" }))).toBe(true);
    // A Russian layout: the key is "и", the position is still KeyB.
    expect(isToggleShortcut(key({ ctrlKey: true, key: "и" }))).toBe(true);
    expect(isToggleShortcut(key({}))).toBe(false);
    expect(isToggleShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isToggleShortcut(key({ ctrlKey: true, key: "n", code: "KeyN" }))).toBe(false);
  });

  it("collapses the sidebar to icons and back, and keeps the state in the cookie", async () => {
    fakeSidebarApi([]);
    renderMainLayout("/");
    const sidebar = screen.getByTestId("sidebar");
    expect(sidebar.dataset.state).toBe("expanded");
    expect(within(sidebar).getByRole("button", { name: "Новый чат" })).toBeTruthy();

    fireEvent.keyDown(window, { key: "b", code: "KeyB", ctrlKey: true });
    expect(sidebar.dataset.state).toBe("collapsed");
    expect(document.cookie).toContain("sidebar_state=false");
    // Icons only: the list is gone, the buttons keep their names for tooltips and screen readers.
    expect(within(sidebar).queryByRole("navigation")).toBeNull();
    expect(within(sidebar).getByRole("button", { name: "Развернуть панель" })).toBeTruthy();

    fireEvent.keyDown(window, { key: "b", code: "KeyB", metaKey: true });
    expect(sidebar.dataset.state).toBe("expanded");
    expect(document.cookie).toContain("sidebar_state=true");
  });

  it("the toggle button does the same", () => {
    fakeSidebarApi([]);
    renderMainLayout("/");
    fireEvent.click(screen.getByRole("button", { name: "Свернуть панель" }));
    expect(screen.getByTestId("sidebar").dataset.state).toBe("collapsed");
    expect(useSidebar.getState().open).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Развернуть панель" }));
    expect(screen.getByTestId("sidebar").dataset.state).toBe("expanded");
  });

  it("on a phone it opens and closes the drawer instead, without touching the cookie", () => {
    stubViewport(375);
    fakeSidebarApi([]);
    renderMainLayout("/");
    const sidebar = screen.getByTestId("sidebar");
    expect(sidebar.dataset.open).toBe("false");
    fireEvent.keyDown(window, { key: "b", code: "KeyB", ctrlKey: true });
    expect(sidebar.dataset.open).toBe("true");
    expect(document.cookie).not.toContain("sidebar_state");
    fireEvent.click(screen.getByTestId("sidebar-backdrop"));
    expect(sidebar.dataset.open).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Открыть меню" }));
    expect(sidebar.dataset.open).toBe("true");
  });
});

describe("the topic list", () => {
  it("groups by day with labels only where there is a date, and names untitled topics", async () => {
    fakeSidebarApi([
      { date: null, topics: [topic(1, { pinned: true, topic_name: "Закреплённый" })] },
      { date: today(), topics: [topic(2, { topic_name: null }), topic(3)] },
      { date: "2020-01-31", topics: [topic(4)] },
    ]);
    renderMainLayout("/chat/3");
    const groups = await screen.findAllByTestId("topic-group");
    expect(groups.map((g) => g.querySelector(".topic-group__label")?.textContent ?? null)).toEqual([
      null,
      "Сегодня",
      "31.01.2020",
    ]);
    expect(
      within(groups[1])
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Без названия", "Вопрос 3"]);
    // The active topic is the route's id.
    expect(within(groups[1]).getByRole("link", { name: "Вопрос 3" }).getAttribute("aria-current")).toBe("page");
    expect(within(groups[1]).getByRole("link", { name: "Без названия" }).getAttribute("aria-current")).toBeNull();
  });

  it("clicking a topic opens its chat", async () => {
    fakeSidebarApi([{ date: today(), topics: [topic(5)] }]);
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("link", { name: "Вопрос 5" }));
    expect(screen.getByTestId("location").textContent).toBe("/chat/5");
  });

  it("shows the server's detail when the list fails, and loads again on retry", async () => {
    let fail = true;
    fakeSidebarApi([], {
      "GET /topics/active/all": () => (fail ? json({ detail: "Сервис недоступен" }, 503) : json([])),
    });
    renderMainLayout("/");
    expect((await screen.findByTestId("topics-error")).textContent).toBe("Сервис недоступен");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    expect(await screen.findByText("Здесь появятся ваши чаты")).toBeTruthy();
  });

  it("'Новый чат' goes to Main; 'Начать общение' when the URL has a hash", async () => {
    fakeSidebarApi([]);
    const { router } = renderMainLayout("/chat/9#intro");
    fireEvent.click(screen.getByRole("button", { name: "Начать общение" }));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("button", { name: "Новый чат" })).toBeTruthy();
  });

  it("the footer card opens the settings on the plans to buy", () => {
    fakeSidebarApi([]);
    renderMainLayout("/");
    fireEvent.click(screen.getByTestId("upgrade-card"));
    expect(useSettings.getState()).toMatchObject({ open: true, tab: "subscription", view: "available" });
    expect(screen.getByText("Больше доступа к функциям")).toBeTruthy();
  });
});

describe("the topic menu", () => {
  it("opens at the height of the click, by the dots button", () => {
    const button = { top: 200, bottom: 226, right: 340 };
    expect(menuAnchor({ clientY: 213 }, button, 800)).toEqual({ x: 340, y: 213 });
    expect(menuAnchor({ clientY: 205 }, button, 800)).toEqual({ x: 340, y: 205 });
    // A keyboard press has no pointer: the button's middle.
    expect(menuAnchor({ clientY: 0 }, button, 800)).toEqual({ x: 340, y: 213 });
    // Never below the window.
    expect(menuAnchor({ clientY: 950 }, button, 800)).toEqual({ x: 340, y: 800 });
  });

  it("renders its anchor where the dots were clicked, with rename and share first", async () => {
    fakeSidebarApi([{ date: today(), topics: [topic(1)] }]);
    renderMainLayout("/");
    const dots = await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" });
    fireEvent.click(dots, { clientX: 330, clientY: 187 });
    const menu = await screen.findByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items.slice(0, 2)).toEqual(["Переименовать", "Поделиться"]);
    expect(items).toEqual(expect.arrayContaining(["Закрепить", "В папку…", "В архив", "Удалить"]));
    expect((document.querySelector(".topic-menu__anchor") as HTMLElement).style.top).toBe("187px");
  });

  describe("rename (docs/product.md §4)", () => {
    async function startRename(patch: Parameters<typeof fakeSidebarApi>[1] = {}) {
      const api = fakeSidebarApi([{ date: today(), topics: [topic(1, { topic_name: "Старое имя" })] }], patch);
      renderMainLayout("/");
      fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Старое имя" }), { clientY: 100 });
      fireEvent.click(await screen.findByRole("menuitem", { name: "Переименовать" }));
      const input = await screen.findByRole("textbox", { name: "Новое название чата" });
      return { api, input: input as HTMLInputElement };
    }

    it("the title becomes an input; Enter saves, the list shows the new name, the input and the menu go", async () => {
      const { api, input } = await startRename({
        "PATCH /topics": (call) => json(topic(1, { topic_name: (call.body as { topic_name: string }).topic_name })),
      });
      expect(input.value).toBe("Старое имя");
      expect(screen.queryByRole("menu")).toBeNull();
      fireEvent.change(input, { target: { value: "  Договор аренды  " } });
      fireEvent.keyDown(input, { key: "Enter" });
      expect(await screen.findByRole("link", { name: "Договор аренды" })).toBeTruthy();
      expect(screen.queryByRole("textbox", { name: "Новое название чата" })).toBeNull();
      expect(api.callsTo("PATCH", "/topics")[0].body).toEqual({ id: 1, topic_name: "Договор аренды" });
      const { useTopicMenu } = await import("../../web/src/features/topics/topic-menu");
      expect(useTopicMenu.getState()).toMatchObject({ topic: null, mode: null });
    });

    it("Escape cancels without a call", async () => {
      const { api, input } = await startRename();
      fireEvent.change(input, { target: { value: "Другое" } });
      fireEvent.keyDown(input, { key: "Escape" });
      expect(await screen.findByRole("link", { name: "Старое имя" })).toBeTruthy();
      expect(api.callsTo("PATCH", "/topics")).toHaveLength(0);
    });

    it("a refusal shows the server's detail under the input and keeps it open", async () => {
      const { input } = await startRename({
        "PATCH /topics": () =>
          json({ detail: [{ loc: ["body", "topic_name"], msg: "Название не длиннее 100 символов" }] }, 422),
      });
      fireEvent.change(input, { target: { value: "Новое" } });
      fireEvent.keyDown(input, { key: "Enter" });
      expect((await screen.findByRole("alert")).textContent).toBe("Название не длиннее 100 символов");
      expect(screen.getByRole("textbox", { name: "Новое название чата" })).toBeTruthy();
    });
  });

  it("'Поделиться' opens the share modal: create, copy, revoke", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const api = fakeSidebarApi([{ date: today(), topics: [topic(1)] }], {
      "POST /topics/:id/share": () => json({ hash: "h4sh", expires_at: null, reveal: false }),
      "DELETE /topics/:id/share": () => new Response(null, { status: 204 }),
    });
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Поделиться" }));
    const dialog = await screen.findByRole("dialog", { name: "Поделиться чатом" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Создать ссылку" }));
    const link = (await within(dialog).findByTestId("share-link")) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/share/h4sh`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Копировать" }));
    expect(await within(dialog).findByRole("button", { name: "Скопировано" })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/h4sh`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Отключить ссылку" }));
    expect(await within(dialog).findByText("Ссылка отключена: по ней чат больше не открывается.")).toBeTruthy();
    // A first link as the dialog offers it: no end, the hidden data not shown (docs/privacy.md "Sharing").
    expect(api.callsTo("POST", "/topics/1/share").map((c) => c.body)).toEqual([{ expires_in: "7d", reveal: false }]);
    expect(api.callsTo("DELETE", "/topics/1/share")).toHaveLength(1);
  });

  it("'Скачать в Markdown' fetches the export with the token and saves it under the Worker's name", async () => {
    const markdown = "# Вопрос 1\n\n## Вы\n\nТекст\n";
    const api = fakeSidebarApi([{ date: today(), topics: [topic(1)] }], {
      "GET /topics/:id/export": () =>
        new Response(markdown, {
          headers: {
            "content-type": "text/markdown; charset=utf-8",
            "content-disposition": `attachment; filename="_.md"; filename*=UTF-8''${encodeURIComponent("Вопрос 1.md")}`,
          },
        }),
    });
    const saved: { name: string; text: Promise<string> }[] = [];
    // jsdom has no object URLs: these stand in for the browser's, for this test only.
    Object.defineProperty(URL, "createObjectURL", {
      value: (blob: Blob) => `blob:${saved.push({ name: "", text: blob.text() })}`,
      configurable: true,
    });
    Object.defineProperty(URL, "revokeObjectURL", { value: () => {}, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Скачать в Markdown" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [call] = api.callsTo("GET", "/topics/1/export");
    expect(call!.query.get("format")).toBe("md");
    expect(call!.headers.get("jwt-token")).toBe("access-1");
    expect(saved[0]!.name).toBe("Вопрос 1.md");
    expect(await saved[0]!.text).toBe(markdown);
    click.mockRestore();
  });

  it("'Скачать в Markdown' that fails says so above the list", async () => {
    fakeSidebarApi([{ date: today(), topics: [topic(1)] }], {
      "GET /topics/:id/export": () => json({ detail: "Чат не найден" }, 404),
    });
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Скачать в Markdown" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Чат не найден");
  });

  it("'Удалить' asks first, then removes the topic; an open one leaves for Main", async () => {
    const api = fakeSidebarApi([{ date: today(), topics: [topic(1), topic(2)] }], {
      "DELETE /topics/:id": () => new Response(null, { status: 204 }),
    });
    const { router } = renderMainLayout("/chat/1");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Удалить" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Удалить чат?" });
    expect(api.callsTo("DELETE", "/topics/1")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Вопрос 1" })).toBeNull());
    expect(screen.getByRole("link", { name: "Вопрос 2" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });

  it("'Закрепить' pins and loads the list again", async () => {
    let pinned = false;
    const api = fakeSidebarApi([], {
      "GET /topics/active/all": () =>
        json(pinned ? [{ date: null, topics: [topic(1, { pinned: true })] }] : [{ date: today(), topics: [topic(1)] }]),
      "POST /topics/pin/:topicId/:folderId": () => {
        pinned = true;
        return json(topic(1, { pinned: true }));
      },
    });
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 90 });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Закрепить" }));
    await waitFor(() => expect(screen.getByTestId("topic-group").dataset.date).toBe("pinned"));
    expect(api.callsTo("POST", "/topics/pin/1/0")).toHaveLength(1);
  });
});

describe('the filter by mode (docs/web.md "Sidebar filter")', () => {
  // Radix Select asks for pointer capture and scrolling, which jsdom lacks.
  beforeEach(() => {
    Object.assign(Element.prototype, {
      hasPointerCapture: () => false,
      releasePointerCapture: () => {},
      scrollIntoView: () => {},
    });
  });

  it("shows every mode's chats by default, each with its mode's icon; one type when picked; never switches itself", async () => {
    const api = fakeSidebarApi(
      [
        {
          date: today(),
          topics: [
            topic(2, { assistant_type: "explain_img", topic_name: "Схема" }),
            topic(3, { assistant_type: "explain_estate" }),
          ],
        },
      ],
      {
        "GET /topics/active/law": () => json([{ date: today(), topics: [topic(1)] }]),
        "GET /topics/:id": () => json(topic(2, { assistant_type: "explain_img", topic_name: "Схема" })),
        "GET /products": () =>
          json([
            { assistant_type: "explain_law", title: "Объясни закон", description: "", model: "demo" },
            { assistant_type: "gpt", title: "Общий чат", description: "", model: "demo" },
            { assistant_type: "explain_img", title: "Объясни изображение", description: "", model: "demo" },
          ]),
      },
    );
    const { router } = renderMainLayout("/");
    await screen.findByRole("link", { name: "Схема" });
    const filter = screen.getByRole("combobox", { name: "Какие чаты показать" });
    expect(filter.textContent).toBe("Все чаты");
    expect(
      [...document.querySelectorAll(".topic-item__mode")].map((icon) => (icon as HTMLElement).dataset.mode),
    ).toEqual(["explain_img", "explain_estate"]);

    fireEvent.click(filter);
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Объясни закон", "Общий чат и «Объясни изображение»", "Недвижимость", "Все чаты"]);
    fireEvent.click(screen.getByRole("option", { name: "Объясни закон" }));
    await screen.findByRole("link", { name: "Вопрос 1" });
    expect(screen.queryByRole("link", { name: "Схема" })).toBeNull();
    expect(api.callsTo("GET", "/topics/active/law")).toHaveLength(1);

    // The chat on screen is another mode's: it shows above the list, and the filter stays as the user left it.
    await act(() => router.navigate("/chat/2"));
    const open = await screen.findByTestId("open-topic-group");
    expect(within(open).getByRole("link", { name: "Схема" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Вопрос 1" })).toBeTruthy();
    act(() => useMode.getState().setMode("gpt"));
    expect(screen.getByRole("combobox", { name: "Какие чаты показать" }).textContent).toBe("Объясни закон");
  });
});
