import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken, fakeApi, json } from "./auth-fakes";
import { renderAuthApp } from "./auth-render";

const PROVIDERS = "GET /users/auth/providers";
const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 3000 });
/** The external sign-in buttons on the page, in order: [data-provider, href]. */
const buttons = () =>
  [...document.querySelectorAll<HTMLAnchorElement>("a[data-provider]")].map((a) => [
    a.dataset.provider,
    a.getAttribute("href"),
  ]);
const answer =
  (providers: string[], telegram_bot_id: string | null = null) =>
  () =>
    json({ providers, telegram_bot_id });
const record = { access_token: accessToken(900), refresh_token: "r", email: "a@example.com", name: "Анна" };

/**
 * The Worker's answer to the providers request, held back until `release()`, which lets it go and
 * waits until the page has rendered the outcome (whether the answer was good or not).
 */
function held(reply: () => Response | Promise<Response>) {
  let open: (() => void) | undefined;
  const handler = () => new Promise<void>((resolve) => (open = resolve)).then(reply);
  const release = async () => {
    await waitFor(() => expect(open).toBeTypeOf("function"));
    // The module the rendered app uses (renderAuthApp reset the registry before importing it).
    const { loadSignInProviders } = await import("../../web/src/features/auth/use-sign-in-providers");
    const settled = loadSignInProviders(); // the request in flight, not a new one
    open!();
    // The cache tells the page in its next task (TanStack Query batches its notices): wait for both.
    await act(async () => {
      await settled;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { handler, release };
}

async function signInWithPassword() {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "a@example.com" } });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "long-enough" } });
  fireEvent.click(screen.getByRole("button", { name: "Войти" }));
  await heading("Главная");
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("external sign-in buttons", () => {
  it("show the providers the Worker lists, in its order, with Telegram first when it has a bot id", async () => {
    fakeApi({ [PROVIDERS]: answer(["google", "yandex"], "123456") });
    // A protected page: the buttons bring the user back to it.
    await renderAuthApp("/chat/42");
    await heading("Вход");
    await screen.findByRole("link", { name: "Telegram" });
    const origin = window.location.origin;
    const telegram = new URL("https://oauth.telegram.org/auth");
    telegram.search = new URLSearchParams({
      bot_id: "123456",
      origin,
      request_access: "write",
      return_to: `${origin}/chat/42`,
    }).toString();
    expect(buttons()).toEqual([
      ["telegram", telegram.toString()],
      ["google", "/api/v2/users/auth/google?next=%2Fchat%2F42"],
      ["yandex", "/api/v2/users/auth/yandex?next=%2Fchat%2F42"],
    ]);
    expect(screen.getByText("Войти через")).toBeTruthy();
  });

  it("show nothing until the Worker has answered", async () => {
    const providers = held(answer(["vk"]));
    fakeApi({ [PROVIDERS]: providers.handler });
    await renderAuthApp("/login");
    await heading("Вход");
    expect(buttons()).toEqual([]);
    expect(screen.queryByText("Войти через")).toBeNull();
    await providers.release();
    expect(buttons()).toEqual([["vk", "/api/v2/users/auth/vk"]]);
  });

  it("are absent when nothing is configured, and the password form works", async () => {
    const providers = held(answer([]));
    const api = fakeApi({ [PROVIDERS]: providers.handler, "POST /users/login": () => json(record) });
    await renderAuthApp("/login");
    await heading("Вход");
    await providers.release();
    expect(api.callsTo(PROVIDERS)).toHaveLength(1);
    expect(buttons()).toEqual([]);
    expect(screen.queryByText("Войти через")).toBeNull();
    await signInWithPassword();
  });

  it.each([
    ["a server error", () => json({ detail: "Внутренняя ошибка сервера" }, 500)],
    ["no connection", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "an answer that is not JSON",
      () => new Response("<!doctype html><title>Ясно</title>", { headers: { "content-type": "text/html" } }),
    ],
  ])("are absent after %s, and the password form still signs in", async (_, failure) => {
    const providers = held(failure);
    fakeApi({ [PROVIDERS]: providers.handler, "POST /users/login": () => json(record) });
    const { useAuth } = await renderAuthApp("/login");
    await heading("Вход");
    await providers.release();
    expect(buttons()).toEqual([]);
    expect(screen.queryByText("Войти через")).toBeNull();
    await signInWithPassword();
    expect(useAuth.getState().record).toEqual(record);
  });

  it("are asked for once, not again on the next sign-in page", async () => {
    const api = fakeApi({ [PROVIDERS]: answer(["vk", "google"]) });
    await renderAuthApp("/login");
    await screen.findByRole("link", { name: "VK ID" });
    fireEvent.click(screen.getByRole("link", { name: "Зарегистрироваться" }));
    await heading("Регистрация");
    // At once, from what was loaded: no empty moment on the new page.
    expect(buttons().map(([provider]) => provider)).toEqual(["vk", "google"]);
    expect(api.callsTo(PROVIDERS)).toHaveLength(1);
  });

  it("are asked for again on the next sign-in page after a failed answer", async () => {
    const first = held(() => json({ detail: "Сервис недоступен" }, 503));
    const api = fakeApi({
      [PROVIDERS]: () =>
        api.callsTo(PROVIDERS).length === 1 ? first.handler() : json({ providers: ["google"], telegram_bot_id: null }),
    });
    await renderAuthApp("/login");
    await heading("Вход");
    await first.release();
    expect(buttons()).toEqual([]);
    fireEvent.click(screen.getByRole("link", { name: "Зарегистрироваться" }));
    await heading("Регистрация");
    await screen.findByRole("link", { name: "Google" });
    expect(api.callsTo(PROVIDERS)).toHaveLength(2);
  });

  it("leave out a provider this app has no button for", async () => {
    fakeApi({ [PROVIDERS]: answer(["github", "google"]) });
    await renderAuthApp("/register-v2");
    await screen.findByRole("link", { name: "Google" });
    expect(buttons()).toEqual([["google", "/api/v2/users/auth/google"]]);
  });
});
