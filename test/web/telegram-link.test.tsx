import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import TelegramLinkPage from "../../web/src/features/account/TelegramLinkPage";
import { TelegramSection } from "../../web/src/features/account/TelegramSection";
import { fakeChatApi, json } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// The bot's one-time link page and the account tab's «Отвязать Telegram» (docs/product.md §2).

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/link/telegram", element: <TelegramLinkPage /> }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe("/link/telegram", () => {
  it("asks first, and links only on the button, with the link's token", async () => {
    const api = fakeChatApi({ "POST /users/self/links/telegram": () => json({ linked: true }) });
    renderAt("/link/telegram?token=tok-1");
    expect(screen.getByText("Привязать Telegram к аккаунту anna@example.com?")).toBeTruthy();
    expect(api.callsTo("POST", "/users/self/links/telegram")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Привязать" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Готово: Telegram привязан к аккаунту. Вернитесь в чат с ботом и продолжайте там.",
    );
    expect(api.callsTo("POST", "/users/self/links/telegram").map((c) => c.body)).toEqual([{ token: "tok-1" }]);
  });

  it("shows the server's reason for a spent link", async () => {
    const spent = "Ссылка для привязки Telegram устарела или уже использована: отправьте боту /link ещё раз";
    fakeChatApi({ "POST /users/self/links/telegram": () => json({ detail: spent }, 410) });
    renderAt("/link/telegram?token=tok-2");
    fireEvent.click(screen.getByRole("button", { name: "Привязать" }));
    expect((await screen.findByRole("alert")).textContent).toBe(spent);
  });

  it("says so when the address has no token", () => {
    fakeChatApi({});
    renderAt("/link/telegram");
    expect(screen.getByRole("alert").textContent).toBe("В ссылке нет токена: отправьте боту /link ещё раз.");
    expect(screen.queryByRole("button", { name: "Привязать" })).toBeNull();
  });
});

describe("the account tab's Telegram", () => {
  const renderSection = () =>
    render(
      <Providers>
        <TelegramSection />
      </Providers>,
    );

  it("unlinks a linked Telegram", async () => {
    const api = fakeChatApi({
      "GET /users/self/links/telegram": () => json({ linked: true }),
      "DELETE /users/self/links/telegram": () => new Response(null, { status: 204 }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Отвязать Telegram" }));
    expect((await screen.findByRole("status")).textContent).toBe("Telegram отвязан.");
    expect(api.callsTo("DELETE", "/users/self/links/telegram")).toHaveLength(1);
  });

  it("says how to link when none is, and shows a refusal's reason", async () => {
    fakeChatApi({ "GET /users/self/links/telegram": () => json({ linked: false }) });
    renderSection();
    expect(await screen.findByText(/Telegram не привязан/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Отвязать Telegram" })).toBeNull();
    cleanup();

    const only = "Нельзя отвязать Telegram: это единственный способ войти в аккаунт. Сначала задайте e-mail и пароль";
    fakeChatApi({
      "GET /users/self/links/telegram": () => json({ linked: true }),
      "DELETE /users/self/links/telegram": () => json({ detail: only }, 409),
    });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Отвязать Telegram" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(only));
  });
});
