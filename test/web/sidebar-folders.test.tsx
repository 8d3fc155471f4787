import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeChatApi } from "./chat-fakes";
import { renderMainLayout, resetSidebar, signIn, stubViewport, topic } from "./sidebar-render";
import { useSidebar } from "../../web/src/features/topics/sidebar-state";

const json = (data: unknown, status = 200) => Response.json(data, { status });
const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date());
const folder = (id: number, name: string, assistantType = "explain_law") => ({
  id,
  name,
  assistant_type: assistantType,
  created_at: "2025-03-12T09:00:00Z",
});

/** A tiny Worker for folders: its state changes with the calls, as the real one's does. */
function fakeFolderWorker() {
  let folders = [folder(1, "Работа")];
  let topics = [topic(1), topic(2, { folder_id: 1 }), topic(3, { assistant_type: "explain_img", topic_name: "Схема" })];
  const list = (folderId: string | null) => {
    const shown = topics.filter((t) => folderId == null || t.folder_id === Number(folderId));
    return shown.length ? [{ date: today(), topics: shown }] : [];
  };
  const api = fakeChatApi({
    "GET /topics/active/all": (call) => json(list(call.query.get("folder_id"))),
    "GET /folders/explain_law": () => json(folders),
    "GET /folders/gpt": () => json([folder(5, "Общие", "gpt")]),
    "GET /folders/explain_img": () => json([folder(6, "Картинки", "explain_img")]),
    "GET /folders/explain_estate": () => json([folder(7, "Дом", "explain_estate")]),
    "GET /products": () => json([]),
    "POST /folders/:type/:name": (_, params) => {
      const created = folder(folders.length + 10, decodeURIComponent(params.name), params.type);
      folders = [...folders, created];
      return json(created, 201);
    },
    "PATCH /folders/:id": (call, params) => {
      folders = folders.map((f) =>
        f.id === Number(params.id) ? { ...f, name: (call.body as { name: string }).name } : f,
      );
      return json(folders.find((f) => f.id === Number(params.id)));
    },
    "DELETE /folders/:id": (_, params) => {
      folders = folders.filter((f) => f.id !== Number(params.id));
      topics = topics.map((t) => (t.folder_id === Number(params.id) ? { ...t, folder_id: null } : t));
      return new Response(null, { status: 204 });
    },
    "POST /topics/:topicId/:folderId": (_, params) => {
      topics = topics.map((t) => (t.id === Number(params.topicId) ? { ...t, folder_id: Number(params.folderId) } : t));
      return json(topics.find((t) => t.id === Number(params.topicId)));
    },
  });
  return { api, topics: () => topics };
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

describe("folders in the sidebar", () => {
  it("a folder narrows the list to its topics; a second click shows every topic again", async () => {
    const { api } = fakeFolderWorker();
    renderMainLayout("/");
    await screen.findByRole("link", { name: "Вопрос 1" });
    fireEvent.click(await screen.findByRole("button", { name: "Работа" }));
    expect(await screen.findByRole("link", { name: "Вопрос 2" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Вопрос 1" })).toBeNull();
    expect(screen.getByText("Папка «Работа»")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/topics/active/all" && c.query.get("folder_id") === "1")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Работа" }));
    expect(await screen.findByRole("link", { name: "Вопрос 1" })).toBeTruthy();
  });

  it("under «Все чаты» lists every mode's folders, each with its mode, and asks a new one's mode", async () => {
    const { api } = fakeFolderWorker();
    renderMainLayout("/");
    for (const [name, mode] of [
      ["Работа", "Объясни закон"],
      ["Общие", "Общий чат"],
      ["Картинки", "Объясни изображение"],
      ["Дом", "Недвижимость"],
    ]) {
      const item = (await screen.findByRole("button", { name })).closest("li")!;
      expect(within(item as HTMLElement).getByRole("img", { name: `Режим: ${mode}` })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole("button", { name: "Новая папка" }));
    const dialog = await screen.findByRole("dialog", { name: "Новая папка" });
    const create = within(dialog).getByRole("button", { name: "Создать" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    // The picked mode to start with; the user picks another.
    expect(within(dialog).getByRole("radio", { name: "Объясни закон" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Общий чат" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Название папки" }), {
      target: { value: "Аренда / 2025?" },
    });
    fireEvent.click(create);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const made = (await screen.findByRole("button", { name: "Аренда / 2025?" })).closest("li") as HTMLElement;
    expect(within(made).getByRole("img", { name: "Режим: Общий чат" })).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST" && c.path.startsWith("/folders/"))?.path).toBe(
      "/folders/gpt/%D0%90%D1%80%D0%B5%D0%BD%D0%B4%D0%B0%20%2F%202025%3F",
    );
  });

  it("under a mode's filter lists that type's folders and names a new one in place, of that mode", async () => {
    const { api } = fakeFolderWorker();
    useSidebar.setState({ typeFilter: "gpt" });
    renderMainLayout("/");
    expect(await screen.findByRole("button", { name: "Общие" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Картинки" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Работа" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Дом" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Новая папка" }));
    const input = await screen.findByRole("textbox", { name: "Новая папка" });
    fireEvent.change(input, { target: { value: "Черновики" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByRole("button", { name: "Черновики" })).toBeTruthy();
    // The picked mode (law) is not listed under this filter: the filter's first mode takes the folder.
    expect(api.calls.find((c) => c.method === "POST" && c.path.startsWith("/folders/"))?.path).toMatch(
      /^\/folders\/gpt\//,
    );
  });

  it("renames a folder in place", async () => {
    fakeFolderWorker();
    renderMainLayout("/");
    fireEvent.pointerDown(await screen.findByRole("button", { name: "Действия с папкой: Работа" }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Переименовать" }));
    const input = await screen.findByRole("textbox", { name: "Переименовать" });
    fireEvent.change(input, { target: { value: "Личное" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByRole("button", { name: "Личное" })).toBeTruthy();
  });

  it("deleting a folder asks first and keeps its topics", async () => {
    const worker = fakeFolderWorker();
    renderMainLayout("/");
    fireEvent.pointerDown(await screen.findByRole("button", { name: "Действия с папкой: Работа" }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Удалить" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Удалить папку?" });
    expect(dialog.textContent).toContain("Чаты из неё останутся в списке.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Работа" })).toBeNull());
    expect(screen.getByRole("link", { name: "Вопрос 2" })).toBeTruthy();
    expect(worker.topics().find((t) => t.id === 2)?.folder_id).toBeNull();
  });

  it("moves a topic into a folder from its menu", async () => {
    const worker = fakeFolderWorker();
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Вопрос 1" }), { clientY: 120 });
    const menu = await screen.findByRole("menu");
    fireEvent.keyDown(within(menu).getByRole("menuitem", { name: "В папку…" }), { key: "ArrowRight" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Работа" }));
    await waitFor(() => expect(worker.topics().find((t) => t.id === 1)?.folder_id).toBe(1));
  });

  it("«В папку…» offers only the folders that can take the chat: an image chat, the general and image ones", async () => {
    fakeFolderWorker();
    renderMainLayout("/");
    fireEvent.click(await screen.findByRole("button", { name: "Действия с чатом: Схема" }), { clientY: 120 });
    const menu = await screen.findByRole("menu");
    fireEvent.keyDown(within(menu).getByRole("menuitem", { name: "В папку…" }), { key: "ArrowRight" });
    expect(await screen.findByRole("menuitem", { name: "Общие" })).toBeTruthy();
    expect(await screen.findByRole("menuitem", { name: "Картинки" })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: "Работа" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Дом" })).toBeNull();
  });
});
