import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken, fakeApi, json, storeRecord } from "./auth-fakes";
import { renderAuthApp } from "./auth-render";

const record = (name = "Анна") => ({
  access_token: accessToken(900),
  refresh_token: "refresh-1",
  email: "anna@example.com",
  name,
});
const refreshOk = () => json({ access_token: accessToken(900), refresh_token: "refresh-2" });
const self = () => json({ id: 1, email: "anna@example.com", name: "Анна", role: "user" });
const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 3000 });
const shownLocation = () => screen.getByTestId("location").textContent;

async function signInThroughForm(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Войти" }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the access gate", () => {
  it("shows the full-screen loader until the stored auth has been refreshed", async () => {
    let answerRefresh!: (res: Response) => void;
    fakeApi({
      "POST /users/token/refresh": () => new Promise((resolve) => (answerRefresh = resolve)),
      "GET /users/self": self,
    });
    storeRecord(record());
    await renderAuthApp("/chat");
    expect(await screen.findByRole("status", { name: "Загрузка" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    await waitFor(() => expect(answerRefresh).toBeTypeOf("function"));
    answerRefresh(refreshOk());
    await heading("Новый чат");
  });

  it("sends an anonymous user from a protected page to Login and back there after signing in", async () => {
    const api = fakeApi({ "POST /users/login": () => json(record(), 200) });
    const { router } = await renderAuthApp("/chat/42?mode=law");
    await heading("Вход");
    expect(router.state.location.pathname).toBe("/login");
    await signInThroughForm("anna@example.com", "correct-horse");
    await heading("Чат");
    expect(shownLocation()).toBe("/chat/42?mode=law");
    expect(api.callsTo("POST /users/login")[0].body).toEqual({ email: "anna@example.com", password: "correct-horse" });
  });

  it("keeps where the user was going when they switch to Register", async () => {
    fakeApi({ "POST /users": () => json(record("Борис"), 201) });
    await renderAuthApp("/chat/7");
    await heading("Вход");
    fireEvent.click(screen.getByRole("link", { name: "Зарегистрироваться" }));
    await heading("Регистрация");
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "boris@example.com" } });
    fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "long-enough" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Я принимаю/ }));
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    await heading("Чат");
    expect(shownLocation()).toBe("/chat/7");
  });

  it("sends a signed-in user from a sign-in page to Main", async () => {
    fakeApi({ "POST /users/token/refresh": refreshOk, "GET /users/self": self });
    storeRecord(record());
    const { router } = await renderAuthApp("/register");
    await heading("Главная");
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets anyone open a shared history", async () => {
    fakeApi({});
    await renderAuthApp("/share/abc");
    await heading("Общая история");
  });

  it("after the user's own sign-out goes to Login and, signed in again, to Main", async () => {
    fakeApi({
      "POST /users/token/refresh": refreshOk,
      "GET /users/self": self,
      "POST /users/logout": () => json({ detail: "Вы вышли из аккаунта" }),
      "POST /users/login": () => json(record()),
    });
    storeRecord(record());
    const { useAuth } = await renderAuthApp("/chat/42");
    await heading("Чат");
    act(() => useAuth.getState().logout());
    await heading("Вход");
    await signInThroughForm("anna@example.com", "correct-horse");
    await heading("Главная");
  });

  it("after a silent sign-out (expired session) comes back to the page", async () => {
    fakeApi({
      "POST /users/token/refresh": refreshOk,
      "GET /users/self": self,
      "POST /users/login": () => json(record()),
    });
    storeRecord(record());
    const { useAuth } = await renderAuthApp("/chat/42");
    await heading("Чат");
    fakeApi({
      "POST /users/token/refresh": () => json({ detail: "Сеанс завершён, войдите снова" }, 401),
      "POST /users/login": () => json(record()),
    });
    await act(() => useAuth.getState().refresh());
    await heading("Вход");
    await signInThroughForm("anna@example.com", "correct-horse");
    await heading("Чат");
  });

  it("shows «Назад» only where a link of the app led, and it goes back there", async () => {
    fakeApi({});
    const { router } = await renderAuthApp("/forgot");
    await heading("Восстановление пароля");
    // Arrived here from outside: there is nothing of the app to go back to.
    expect(screen.queryByRole("button", { name: "Назад" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Войти" }));
    await heading("Вход");
    fireEvent.click(screen.getByRole("button", { name: "Назад" }));
    await heading("Восстановление пароля");
    expect(router.state.location.pathname).toBe("/forgot");
  });

  it("shows no «Назад» on Login for a visitor the gate sent there", async () => {
    fakeApi({});
    await renderAuthApp("/");
    await heading("Вход");
    expect(screen.queryByRole("button", { name: "Назад" })).toBeNull();
  });
});

describe("the external sign-in return", () => {
  it("signs in with the tokens in the query, stays on a protected page and removes them from the URL", async () => {
    const access = accessToken(900);
    const api = fakeApi({
      "GET /users/self": () => json({ id: 3, email: "ivan@yandex.ru", name: "Иван", role: "user" }),
    });
    const { useAuth } = await renderAuthApp(`/chat/9?access_token=${access}&refresh_token=r-9&mode=law`);
    await heading("Чат");
    expect(shownLocation()).toBe("/chat/9?mode=law");
    expect(api.callsTo("GET /users/self")[0].headers.get("jwt-token")).toBe(access);
    expect(useAuth.getState().record).toEqual({
      access_token: access,
      refresh_token: "r-9",
      email: "ivan@yandex.ru",
      name: "Иван",
    });
  });

  it("goes to Main when the tokens land on a sign-in page", async () => {
    fakeApi({ "GET /users/self": self });
    await renderAuthApp(`/login?access_token=${accessToken(900)}&refresh_token=r`);
    await heading("Главная");
    expect(shownLocation()).toBe("/");
  });

  it("shows the 409 text on Login with the status removed from the URL", async () => {
    fakeApi({});
    const { router } = await renderAuthApp("/login?status=409");
    await heading("Вход");
    expect((await screen.findByRole("alert")).textContent).toContain("Пользователь с данным email уже зарегистрирован");
    expect(router.state.location.search).toBe("");
  });

  it("says a blocked account is blocked (status 403)", async () => {
    fakeApi({});
    await renderAuthApp("/login?status=403");
    await heading("Вход");
    expect((await screen.findByRole("alert")).textContent).toBe("Аккаунт заблокирован. Обратитесь в поддержку");
  });

  it("shows the OAuth error for another status, until dismissed", async () => {
    fakeApi({});
    await renderAuthApp("/login?status=502");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Ошибка авторизации, попробуйте другой способ или повторите попытку позже");
    fireEvent.click(screen.getByRole("button", { name: "Закрыть" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("signs in with #tgAuthResult through /users/tg/auth", async () => {
    const widget = { id: 77, first_name: "Пётр", auth_date: 1772445600, hash: "c".repeat(64) };
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(widget))));
    const api = fakeApi({
      "GET /users/tg/auth": () =>
        json({ access_token: accessToken(900), refresh_token: "r-tg", email: null, name: "Пётр" }),
    });
    const { router } = await renderAuthApp(`/login#tgAuthResult=${encoded}`);
    await heading("Главная");
    expect(router.state.location.hash).toBe("");
    expect(Object.fromEntries(api.callsTo("GET /users/tg/auth")[0].query)).toEqual({
      id: "77",
      first_name: "Пётр",
      auth_date: "1772445600",
      hash: "c".repeat(64),
    });
  });
});

describe("the real router", () => {
  it("sends an anonymous /chat to /login", async () => {
    fakeApi({});
    window.history.pushState({}, "", "/chat");
    vi.resetModules();
    const { App } = await import("../../web/src/app/App");
    render(<App />);
    await heading("Вход");
    expect(window.location.pathname).toBe("/login");
  });

  async function renderApp(path: string) {
    window.history.pushState({}, "", path);
    vi.resetModules();
    const { App } = await import("../../web/src/app/App");
    render(<App />);
  }
  const notFound = () => screen.findByText("Страница не найдена", {}, { timeout: 3000 });

  it("sends an anonymous unknown address to Login, and to the not-found page after signing in", async () => {
    fakeApi({ "POST /users/login": () => json(record(), 200) });
    await renderApp("/nonexistent/path");
    await heading("Вход");
    expect(window.location.pathname).toBe("/login");
    expect(screen.queryByText("Страница не найдена")).toBeNull();
    await signInThroughForm("anna@example.com", "correct-horse");
    await notFound();
    expect(window.location.pathname).toBe("/nonexistent/path");
  });

  it("shows a signed-in user the not-found page at an unknown address", async () => {
    fakeApi({ "POST /users/token/refresh": refreshOk, "GET /users/self": self });
    storeRecord(record());
    await renderApp("/nonexistent/path");
    await notFound();
    expect(window.location.pathname).toBe("/nonexistent/path");
  });
});
