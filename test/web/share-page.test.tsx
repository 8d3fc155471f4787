import { Providers } from "./providers";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Share from "../../web/src/features/share/SharePage";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { fakeChatApi } from "./chat-fakes";

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
                { id: 5, filename: "фото.png", content_type: "image", mime_type: "image/png", size: 10, url: "/api/v2/share/h4sh/attachments/5" },
                { id: 6, filename: "договор.pdf", content_type: "document", mime_type: "application/pdf", size: 2048, url: "/api/v2/share/h4sh/attachments/6" },
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

  it("an image in a shared reply is not loaded (a link instead), and its links leave without opener or Referer", async () => {
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
  });

  it("an unknown or revoked link shows the history error text of docs/product.md §8", async () => {
    fakeChatApi({ "GET /share/topic/history/:hash": () => json({ detail: "Ссылка не найдена" }, 404), "GET /products": () => json([]) });
    renderShare("gone");
    expect((await screen.findByTestId("share-error")).textContent).toBe("Ошибка загрузки сообщения, повторите попытку позже.");
    expect(within(screen.getByTestId("page-share")).getAllByRole("link", { name: "Попробовать Ясно" }).length).toBeGreaterThan(0);
  });

  it("a network failure shows the same text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderShare("any");
    expect((await screen.findByTestId("share-error")).textContent).toBe("Ошибка загрузки сообщения, повторите попытку позже.");
  });

  it("an untitled topic with no messages", async () => {
    fakeChatApi({ "GET /share/topic/history/:hash": () => json({ topic_name: null, assistant_type: "gpt", messages: [] }), "GET /products": () => json([]) });
    renderShare("empty");
    expect(await screen.findByRole("heading", { level: 1, name: "Без названия" })).toBeTruthy();
    expect(screen.getByText("В этом чате пока нет сообщений.")).toBeTruthy();
  });
});
