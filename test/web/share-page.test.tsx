import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Share from "../../web/src/features/share/SharePage";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { fakeChatApi } from "./chat-fakes";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../../web/src/api/query-client";
import { renderShareScreen } from "../../web/src/app/prerender/share-screen";
import { sharePageReady } from "../../web/src/features/share/share-page-ready";
import type { ShareScreenData } from "../../web/src/features/share/shared-history";
import { RootTheme } from "../../web/src/ui/RootTheme";

const json = (data: unknown, status = 200) => Response.json(data, { status });

function renderShare(hash: string) {
  const router = createMemoryRouter(
    [
      { path: "/share/:hash", element: <Share /> },
      { path: "/register", element: <h1>Регистрация</h1> },
    ],
    { initialEntries: [`/share/${hash}`] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("/share/:hash (read-only shared history)", () => {
  beforeEach(() => {
    useAuth.setState({ status: "anonymous", record: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the title, the messages as Markdown, attachments, and the call to action; no token is sent", async () => {
    const api = fakeChatApi({
      "GET /products": () => json([{ assistant_type: "explain_law", title: "Юрист", description: "", model: "demo" }]),
      "GET /share/topic/history/:hash": () =>
        json({
          topic_name: "Договор аренды",
          assistant_type: "explain_law",
          messages: [
            {
              id: 1,
              role: "user",
              text: "Проверьте договор",
              state: "complete",
              model: null,
              created_at: "2025-03-12T09:00:00Z",
              attachments: [
                {
                  id: 5,
                  filename: "фото.png",
                  content_type: "image",
                  mime_type: "image/png",
                  size: 10,
                  url: "/api/v2/share/h4sh/attachments/5",
                },
                {
                  id: 6,
                  filename: "договор.pdf",
                  content_type: "document",
                  mime_type: "application/pdf",
                  size: 2048,
                  url: "/api/v2/share/h4sh/attachments/6",
                },
              ],
            },
            {
              id: 2,
              role: "assistant",
              text: "**Главное:** срок аренды\n\n| Пункт | Риск |\n|---|---|\n| 4.1 | высокий |",
              state: "complete",
              model: "yasno-demo",
              created_at: "2025-03-12T09:00:05Z",
              attachments: [],
              citations: [],
              citations_date: null,
            },
          ],
        }),
    });
    renderShare("h4sh");
    expect(await screen.findByRole("heading", { level: 1, name: "Договор аренды" })).toBeTruthy();
    expect(screen.getByText("Проверьте договор")).toBeTruthy();
    // The Markdown renderer arrives just after the page (a chunk of its own).
    expect((await screen.findByText("Главное:")).tagName).toBe("STRONG");
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getByRole("img", { name: "фото.png" }).getAttribute("src")).toBe("/api/v2/share/h4sh/attachments/5");
    expect(screen.getByText("договор.pdf")).toBeTruthy();
    // Read-only: no copy buttons under the replies.
    expect(screen.queryByRole("button", { name: /Копировать/ })).toBeNull();
    const links = screen.getAllByRole("link", { name: "Попробовать Ясно" });
    expect(links.every((link) => link.getAttribute("href") === "/register")).toBe(true);
    expect(await screen.findByText("Юрист")).toBeTruthy();
    const [call] = api.callsTo("GET", "/share/topic/history/h4sh");
    expect(call.headers.get("jwt-token")).toBeNull();
  });

  it(
    "an image in a shared reply is not loaded (a link instead), and its links leave without opener or " + "Referer",
    async () => {
      fakeChatApi({
        "GET /products": () => json([]),
        "GET /share/topic/history/:hash": () =>
          json({
            topic_name: "Картинки",
            assistant_type: "gpt",
            messages: [
              {
                id: 1,
                role: "assistant",
                text: "![план квартиры](https://tracker.example/p.png?share=h4sh) и [источник](https://example.ru/law)",
                state: "complete",
                model: "yasno-demo",
                created_at: "2025-03-12T09:00:05Z",
                attachments: [],
                citations: [],
                citations_date: null,
              },
            ],
          }),
      });
      renderShare("h4sh");
      const image = await screen.findByRole("link", { name: "Изображение: план квартиры" });
      expect(document.querySelector('img[src^="https://tracker.example"]')).toBeNull();
      expect(image.getAttribute("href")).toBe("https://tracker.example/p.png?share=h4sh");
      for (const link of [image, screen.getByRole("link", { name: "источник" })]) {
        expect(link.getAttribute("target")).toBe("_blank");
        expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
      }
    },
  );

  it.each([
    [410, "Срок действия ссылки истёк", "Срок действия ссылки истёк"],
    [404, "Ссылка отключена владельцем", "Ссылка отключена владельцем"],
    [404, "Ссылка на чат недействительна или отозвана", "Ссылка на чат недействительна или отозвана"],
    [404, "Не найдено", "Ссылка на чат недействительна или отозвана"],
  ])("a link answered %i «%s» says «%s» with «Попробовать Ясно», not the load error", async (status, detail, text) => {
    fakeChatApi({
      "GET /share/topic/history/:hash": () => json({ detail }, status),
      "GET /products": () => json([]),
    });
    renderShare("gone");
    const gone = await screen.findByTestId("share-gone");
    expect(within(gone).getByRole("heading", { level: 1 }).textContent).toBe(text);
    expect(within(gone).getByRole("link", { name: "Попробовать Ясно" }).getAttribute("href")).toBe("/register");
    expect(screen.queryByTestId("share-error")).toBeNull();
  });

  it("a server error shows the history error text of docs/product.md §8", async () => {
    fakeChatApi({
      "GET /share/topic/history/:hash": () => json({ detail: "Внутренняя ошибка" }, 500),
      "GET /products": () => json([]),
    });
    renderShare("broken");
    expect((await screen.findByTestId("share-error")).textContent).toBe(
      "Ошибка загрузки сообщения, повторите попытку позже.",
    );
    expect(
      within(screen.getByTestId("page-share")).getAllByRole("link", { name: "Попробовать Ясно" }).length,
    ).toBeGreaterThan(0);
  });

  it("a network failure shows the same text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderShare("any");
    expect((await screen.findByTestId("share-error")).textContent).toBe(
      "Ошибка загрузки сообщения, повторите попытку позже.",
    );
  });

  it("a long chat comes by pages: the first, then the next one below it from the cursor, until the last", async () => {
    const message = (id: number) => ({
      id,
      role: id % 2 ? "user" : "assistant",
      text: `Сообщение ${id}`,
      state: "complete",
      model: null,
      created_at: "2025-03-12T09:00:00Z",
      attachments: [],
      citations: [],
      citations_date: null,
    });
    const pages: Record<string, { ids: number[]; next: string | null }> = {
      "": { ids: [1, 2], next: "2" },
      "2": { ids: [3, 4], next: "4" },
      "4": { ids: [5], next: null },
    };
    const api = fakeChatApi({
      "GET /products": () => json([]),
      "GET /share/topic/history/:hash": (call) => {
        const page = pages[call.query.get("cursor") ?? ""]!;
        const body = { topic_name: "Длинный чат", assistant_type: "gpt", messages: page.ids.map(message) };
        return Response.json(body, { headers: page.next ? { "X-Next-Cursor": page.next } : {} });
      },
    });
    renderShare("long");
    expect(await screen.findByText("Сообщение 2")).toBeTruthy();
    expect(screen.queryByText("Сообщение 3")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Показать ещё" }));
    expect(await screen.findByText("Сообщение 4")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Показать ещё" }));
    expect(await screen.findByText("Сообщение 5")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Показать ещё" })).toBeNull();
    expect(screen.getAllByText(/^Сообщение \d$/).map((e) => e.textContent)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Сообщение ${n}`),
    );
    const asked = api
      .callsTo("GET", "/share/topic/history/long")
      .map((c) => [c.query.get("limit"), c.query.get("cursor")]);
    expect(asked).toEqual([
      ["50", null],
      ["50", "2"],
      ["50", "4"],
    ]);
  });

  it("a page that fails to come says so, and the button tries again", async () => {
    let fail = true;
    fakeChatApi({
      "GET /products": () => json([]),
      "GET /share/topic/history/:hash": (call) => {
        if (!call.query.get("cursor")) {
          const first = {
            id: 1,
            role: "user",
            text: "Первый вопрос",
            state: "complete",
            model: null,
            created_at: "2025-03-12T09:00:00Z",
            attachments: [],
            citations: [],
            citations_date: null,
          };
          return Response.json(
            { topic_name: "Чат", assistant_type: "gpt", messages: [first] },
            { headers: { "X-Next-Cursor": "1" } },
          );
        }
        if (fail) return json({ detail: "Слишком много запросов, повторите через минуту" }, 429);
        const second = {
          id: 2,
          role: "assistant",
          text: "Ответ на него",
          state: "complete",
          model: null,
          created_at: "2025-03-12T09:00:01Z",
          attachments: [],
          citations: [],
          citations_date: null,
        };
        return json({ topic_name: "Чат", assistant_type: "gpt", messages: [second] });
      },
    });
    renderShare("retry");
    fireEvent.click(await screen.findByRole("button", { name: "Показать ещё" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Не удалось загрузить продолжение чата, попробуйте ещё раз.",
    );
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Показать ещё" }));
    expect(await screen.findByText("Ответ на него")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("an untitled topic with no messages", async () => {
    fakeChatApi({
      "GET /share/topic/history/:hash": () => json({ topic_name: null, assistant_type: "gpt", messages: [] }),
      "GET /products": () => json([]),
    });
    renderShare("empty");
    expect(await screen.findByRole("heading", { level: 1, name: "Без названия" })).toBeTruthy();
    expect(screen.getByText("В этом чате пока нет сообщений.")).toBeTruthy();
  });
});

describe("a share page whose HTML came with its conversation (the Worker rendered it)", () => {
  const data: ShareScreenData = {
    hash: "h4sh",
    products: [
      {
        id: 1,
        assistant_type: "explain_law",
        title: "Юрист",
        description: "",
        model: "demo",
        model_title: "Ясно · Юрист",
        active: true,
      },
    ],
    history: {
      topic_name: "Договор аренды",
      assistant_type: "explain_law",
      messages: [
        {
          id: 1,
          role: "user",
          text: "Проверьте договор",
          state: "complete",
          model: null,
          created_at: "2025-03-12T09:00:00Z",
          attachments: [
            {
              id: 6,
              filename: "договор.pdf",
              content_type: "document",
              mime_type: "application/pdf",
              size: 2048,
              url: "/api/v2/share/h4sh/attachments/6",
            },
          ],
          citations: [],
          citations_date: null,
        },
        {
          id: 2,
          role: "assistant",
          text:
            '**Главное:** срок аренды\n\n| Пункт | Риск |\n|---|---|\n| 4.1 | высокий |\n\n```json\n{ "a": 1 ' +
            "}\n```\n\n![план](https://example.ru/p.png)",
          state: "partial",
          model: "yasno-demo",
          created_at: "2025-03-12T09:00:05Z",
          attachments: [],
          citations: [],
          citations_date: null,
        },
      ],
    },
  };
  let screenElement: HTMLElement | null = null;
  beforeEach(() => {
    useAuth.setState({ status: "anonymous", record: null });
    // The first screen as the Worker fills it: the data beside the rendered conversation.
    screenElement = document.createElement("div");
    screenElement.id = "prerendered";
    screenElement.innerHTML = `<script type="application/json" id="share-screen">${JSON.stringify(data)}</script>`;
    document.body.appendChild(screenElement);
  });
  afterEach(() => {
    screenElement?.remove();
    cleanup();
    queryClient.clear();
  });

  /**
   * Elements, their attributes (a style as the browser reads it) and text; no comments (the server's text separators).
   */
  function canonical(node: Node): unknown {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element)) return null;
    const attributes = [...node.attributes].map((a) => {
      if (a.name !== "style") return `${a.name}=${a.value}`;
      const probe = document.createElement("div");
      probe.setAttribute("style", a.value);
      return `style=${probe.style.cssText}`;
    });
    const children = [...node.childNodes].map(canonical).filter((c) => c !== null);
    return [node.tagName, attributes.sort(), children];
  }

  /** The share page at /share/h4sh, over the screen the Worker rendered (screenElement). */
  async function renderSharePage() {
    const { default: Page } = await sharePageReady();
    const router = createMemoryRouter([{ path: "/share/:hash", element: <Page /> }], {
      initialEntries: ["/share/h4sh"],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RootTheme appearance="light">
          <RouterProvider router={router} />
        </RootTheme>
      </QueryClientProvider>,
    );
  }

  it(
    "the app's first render is the page as rendered, Markdown and the mode's name included, without asking the " +
      "API",
    async () => {
      const api = fakeChatApi({});
      await renderSharePage();
      // At once, in the first render: no loading dots, no text as written before the renderer.
      expect(screen.getByRole("heading", { level: 1, name: "Договор аренды" })).toBeTruthy();
      expect(screen.getByText("Главное:").tagName).toBe("STRONG");
      expect(screen.getByText("Юрист")).toBeTruthy();
      expect(screen.queryByRole("status", { name: "Загрузка" })).toBeNull();
      expect(api.callsTo("GET", "/share/topic/history/h4sh")).toHaveLength(0);
      expect(api.callsTo("GET", "/products")).toHaveLength(0);

      // And it is the server's render of the same data, element for element.
      const { html, title } = await renderShareScreen(data);
      expect(title).toBe("Договор аренды — Ясно");
      const server = new DOMParser().parseFromString(html, "text/html").querySelector('[data-testid="page-share"]')!;
      expect(canonical(screen.getByTestId("page-share"))).toEqual(canonical(server));
    },
  );

  it(
    "a first screen with more to come: the same render, the button included, and the next page from its " + "cursor",
    async () => {
      const long: ShareScreenData = { ...data, next: "2" };
      screenElement!.innerHTML = `<script type="application/json" id="share-screen">${JSON.stringify(long)}</script>`;
      const later = {
        id: 3,
        role: "user",
        text: "Ещё вопрос",
        state: "complete",
        model: null,
        created_at: "2025-03-12T09:01:00Z",
        attachments: [],
        citations: [],
        citations_date: null,
      };
      const api = fakeChatApi({ "GET /share/topic/history/:hash": () => json({ ...data.history, messages: [later] }) });
      await renderSharePage();
      const { html } = await renderShareScreen(long);
      const server = new DOMParser().parseFromString(html, "text/html").querySelector('[data-testid="page-share"]')!;
      expect(canonical(screen.getByTestId("page-share"))).toEqual(canonical(server));
      expect(server.querySelector('[data-testid="share-more"]')).not.toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Показать ещё" }));
      expect(await screen.findByText("Ещё вопрос")).toBeTruthy();
      expect(api.callsTo("GET", "/share/topic/history/h4sh").map((c) => c.query.get("cursor"))).toEqual(["2"]);
    },
  );

  /**
   * The screen as the Worker fills it from `shown`, with a mark on one reply's rendered text that only the screen has.
   */
  async function screenWithMarkedReply(shown: ShareScreenData, messageId: number) {
    const { html } = await renderShareScreen(shown);
    screenElement!.innerHTML =
      `${html}<script type="application/json" ` + `id="share-screen">${JSON.stringify(shown)}</script>`;
    screenElement!
      .querySelector(`[data-message-id="${messageId}"] > .markdown strong`)!
      .setAttribute("data-from-screen", "");
  }

  /** The page as the app starts it: made ready while the screen is there, rendered once it has gone. */
  async function renderReadyPage() {
    const { default: Page } = await sharePageReady();
    screenElement!.remove();
    fakeChatApi({});
    render(
      <QueryClientProvider client={queryClient}>
        <RootTheme appearance="light">
          <RouterProvider
            router={createMemoryRouter([{ path: "/share/:hash", element: <Page /> }], {
              initialEntries: ["/share/h4sh"],
            })}
          />
        </RootTheme>
      </QueryClientProvider>,
    );
  }

  it("a reply the server rendered without a code block is shown as rendered, the renderer not run for it", async () => {
    const reply = { ...data.history.messages[1], id: 3, text: "**Срок** аренды — [ГК РФ](https://example.ru/gk)" };
    await screenWithMarkedReply(
      { ...data, history: { ...data.history, messages: [data.history.messages[0], reply] } },
      3,
    );
    await renderReadyPage();
    expect(screen.getByText("Срок").hasAttribute("data-from-screen")).toBe(true);
    expect(screen.getByRole("link", { name: "ГК РФ" }).getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("a reply with a code block is shown as rendered too, its copy button live", async () => {
    await screenWithMarkedReply(data, 2);
    await renderReadyPage();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    expect(screen.getByText("Главное:").hasAttribute("data-from-screen")).toBe(true);
    const copy = screen.getByRole("button", { name: "Копировать код" });
    // One button, first in its block, as the renderer puts it.
    expect(copy.closest(".markdown__code")?.querySelectorAll("button")).toHaveLength(1);
    expect(copy.closest(".markdown__code")?.firstElementChild).toBe(copy);
    fireEvent.click(copy);
    await waitFor(() => expect(screen.getByRole("button", { name: "Скопировано" })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('{ "a": 1 }');
  });
});
