import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FieldError } from "../../web/src/features/auth/fields";
import { accessToken, fakeApi, json } from "./auth-fakes";
import { renderAuthApp } from "./auth-render";

const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 3000 });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The error text tied to a field (aria-describedby), as a screen reader would read it. */
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : null;
};
const record = { access_token: accessToken(900), refresh_token: "r", email: "anna@example.com", name: null };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Login", () => {
  it("shows a wrong password under the password field and keeps the user on the page", async () => {
    fakeApi({ "POST /users/login": () => json({ detail: "Неверный e-mail или пароль" }, 401) });
    await renderAuthApp("/login");
    await heading("Вход");
    type("E-mail", "anna@example.com");
    type("Пароль", "wrong-password");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    await waitFor(() => expect(errorOf("Пароль")).toBe("Неверный e-mail или пароль"));
    expect(errorOf("E-mail")).toBeNull();
    // Typing again takes the stale error away.
    type("Пароль", "another-try");
    expect(errorOf("Пароль")).toBeNull();
  });

  it("puts 422 messages under the fields their loc names", async () => {
    fakeApi({
      "POST /users/login": () =>
        json(
          {
            detail: [
              { loc: ["body", "email"], msg: "Некорректный e-mail", type: "invalid_format" },
              { loc: ["body", "password"], msg: "Введите пароль", type: "too_small" },
            ],
          },
          422,
        ),
    });
    await renderAuthApp("/login");
    await heading("Вход");
    // What the form itself can judge passes (the server finds fault all the same here).
    type("E-mail", "anna@example.com");
    type("Пароль", "x");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    await waitFor(() => expect(errorOf("E-mail")).toBe("Некорректный e-mail"));
    expect(errorOf("Пароль")).toBe("Введите пароль");
  });

  it("says both empty fields at once, and sends nothing", async () => {
    const api = fakeApi({});
    await renderAuthApp("/login");
    await heading("Вход");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect(errorOf("E-mail")).toBe("Введите e-mail");
    expect(errorOf("Пароль")).toBe("Введите пароль");
    type("E-mail", "anna@");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect(errorOf("E-mail")).toBe("Некорректный e-mail");
    expect(api.callsTo("POST /users/login")).toHaveLength(0);
  });

  it("says so under the form when the server cannot be reached or answers without a detail", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await renderAuthApp("/login");
    await heading("Вход");
    type("E-mail", "anna@example.com");
    type("Пароль", "long-enough");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Нет связи с сервером. Проверьте подключение и повторите попытку.",
    );

    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" })),
    );
    await renderAuthApp("/login");
    await heading("Вход");
    type("E-mail", "anna@example.com");
    type("Пароль", "long-enough");
    fireEvent.click(screen.getByRole("button", { name: "Войти" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ошибка 502: Bad Gateway");
  });

  it("links to Forgot and to Register, and offers the providers the Worker has configured", async () => {
    fakeApi({
      "GET /users/auth/providers": () => json({ providers: ["vk", "google", "yandex"], telegram_bot_id: null }),
    });
    await renderAuthApp("/login");
    await heading("Вход");
    expect(screen.getByRole("link", { name: "Забыли пароль?" }).getAttribute("href")).toBe("/forgot");
    expect(screen.getByRole("link", { name: "Зарегистрироваться" }).getAttribute("href")).toBe("/register");
    await screen.findByRole("link", { name: "VK ID" });
    const providers = screen
      .getAllByRole("link")
      .filter((a) => a.dataset.provider)
      .map((a) => [a.dataset.provider, a.getAttribute("href")]);
    expect(providers).toEqual([
      ["vk", "/api/v2/users/auth/vk"],
      ["google", "/api/v2/users/auth/google"],
      ["yandex", "/api/v2/users/auth/yandex"],
    ]);
  });
});

/** The consent box of the registration forms. */
const consent = () => screen.getByRole("checkbox", { name: /Я принимаю пользовательское соглашение/ });

describe("Register", () => {
  it("sends name, e-mail and password and shows a taken e-mail under the e-mail field", async () => {
    const api = fakeApi({
      "POST /users": () => json({ detail: "Пользователь с данным email уже зарегистрирован" }, 409),
    });
    await renderAuthApp("/register");
    await heading("Регистрация");
    type("Имя", "  Анна ");
    type("E-mail", "anna@example.com");
    type("Пароль", "long-enough");
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    await waitFor(() => expect(errorOf("E-mail")).toBe("Пользователь с данным email уже зарегистрирован"));
    expect(api.callsTo("POST /users")[0].body).toEqual({
      name: "Анна",
      email: "anna@example.com",
      password: "long-enough",
      consent: true,
    });
  });

  it("signs the new user in and goes to Main", async () => {
    fakeApi({ "POST /users": () => json(record, 201) });
    const { useAuth } = await renderAuthApp("/register");
    await heading("Регистрация");
    type("E-mail", "anna@example.com");
    type("Пароль", "long-enough");
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    await heading("Главная");
    expect(useAuth.getState().record).toEqual(record);
  });

  it("is refused without the consent ticked (never ticked in advance): nothing is sent", async () => {
    const api = fakeApi({ "POST /users": () => json(record, 201) });
    await renderAuthApp("/register");
    await heading("Регистрация");
    type("E-mail", "anna@example.com");
    type("Пароль", "long-enough");
    expect((consent() as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("link", { name: "пользовательское соглашение" }).getAttribute("href")).toBe("/terms");
    expect(screen.getByRole("link", { name: "политикой" }).getAttribute("href")).toBe("/privacy");
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    expect(await screen.findByText("Отметьте согласие, чтобы продолжить")).toBeTruthy();
    expect(api.callsTo("POST /users")).toHaveLength(0);
  });

  it("says every problem at once: the e-mail, the password rule and the consent", async () => {
    const api = fakeApi({ "POST /users": () => json(record, 201) });
    await renderAuthApp("/register");
    await heading("Регистрация");
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    expect(errorOf("E-mail")).toBe("Введите e-mail");
    expect(errorOf("Пароль")).toBe("Введите пароль");
    expect(screen.getByText("Отметьте согласие, чтобы продолжить")).toBeTruthy();
    type("E-mail", "anna@example");
    type("Пароль", "short");
    fireEvent.click(screen.getByRole("button", { name: "Создать аккаунт" }));
    expect(errorOf("E-mail")).toBe("Некорректный e-mail");
    expect(errorOf("Пароль")).toBe("Пароль должен быть не короче 8 символов");
    expect(api.callsTo("POST /users")).toHaveLength(0);
  });
});

describe("Register-v2", () => {
  it("promises a sign-in service only when one is configured", async () => {
    fakeApi({ "GET /users/auth/providers": () => json({ providers: [], telegram_bot_id: null }) });
    await renderAuthApp("/register-v2");
    await heading("Начните за минуту");
    expect(
      await screen.findByText("Укажите e-mail и придумайте пароль — и задайте ассистенту первый вопрос"),
    ).toBeTruthy();
    expect(screen.queryByText(/удобный сервис/)).toBeNull();
  });

  it("puts external sign-in first, asks only e-mail and password, and sends the utm_* parameters", async () => {
    const api = fakeApi({
      "POST /users": () => json(record, 201),
      "GET /users/auth/providers": () => json({ providers: ["google"], telegram_bot_id: null }),
    });
    await renderAuthApp("/register-v2?utm_source=yandex&utm_campaign=spring&ref=friend");
    await heading("Начните за минуту");
    expect(screen.queryByLabelText("Имя")).toBeNull();
    await screen.findByRole("link", { name: "Google" });
    expect(screen.getByText("Войдите через удобный сервис или зарегистрируйтесь по e-mail")).toBeTruthy();
    const order = [...document.querySelectorAll("a[data-provider], input")].map((el) => el.tagName);
    expect(order.indexOf("A")).toBeLessThan(order.indexOf("INPUT"));
    type("E-mail", "new@example.com");
    type("Пароль", "long-enough");
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole("button", { name: "Зарегистрироваться" }));
    await heading("Главная");
    expect(api.callsTo("POST /users")[0].body).toEqual({
      email: "new@example.com",
      password: "long-enough",
      consent: true,
      utm: { utm_source: "yandex", utm_campaign: "spring" },
    });
  });
});

describe("Forgot", () => {
  it("asks for the mail and shows the confirmation", async () => {
    const api = fakeApi({
      "POST /users/password/forgot": () =>
        json({ detail: "Если аккаунт с таким e-mail существует, мы отправили письмо" }),
    });
    await renderAuthApp("/forgot");
    await heading("Восстановление пароля");
    type("E-mail", "anna@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Отправить ссылку" }));
    await heading("Проверьте почту");
    expect(screen.getByText("anna@example.com")).toBeTruthy();
    expect(api.callsTo("POST /users/password/forgot")[0].query.get("email")).toBe("anna@example.com");
  });

  it("shows the server's message under the e-mail field", async () => {
    fakeApi({
      "POST /users/password/forgot": () =>
        json({ detail: [{ loc: ["query", "email"], msg: "Некорректный e-mail", type: "invalid_format" }] }, 422),
    });
    await renderAuthApp("/forgot");
    await heading("Восстановление пароля");
    type("E-mail", "anna");
    fireEvent.click(screen.getByRole("button", { name: "Отправить ссылку" }));
    await waitFor(() => expect(errorOf("E-mail")).toBe("Некорректный e-mail"));
  });
});

describe("Recovery", () => {
  const save = () => screen.getByRole("button", { name: "Сохранить пароль" }) as HTMLButtonElement;

  it("enables saving only for a non-empty password equal to its repeat", async () => {
    fakeApi({});
    await renderAuthApp("/recovery/tok");
    await heading("Новый пароль");
    expect(save().disabled).toBe(true);
    type("Новый пароль", "new-password-1");
    expect(save().disabled).toBe(true);
    type("Повторите пароль", "new-pass");
    expect(save().disabled).toBe(true);
    expect(errorOf("Повторите пароль")).toBeNull();
    type("Повторите пароль", "new-password-2");
    expect(save().disabled).toBe(true);
    expect(errorOf("Повторите пароль")).toBe("Пароли не совпадают");
    type("Повторите пароль", "new-password-1");
    expect(save().disabled).toBe(false);
    expect(errorOf("Повторите пароль")).toBeNull();
  });

  it("shows and hides each password", async () => {
    fakeApi({});
    await renderAuthApp("/recovery/tok");
    await heading("Новый пароль");
    const input = screen.getByLabelText("Новый пароль") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.click(screen.getAllByRole("button", { name: "Показать пароль" })[0]);
    expect(input.type).toBe("text");
    expect((screen.getByLabelText("Повторите пароль") as HTMLInputElement).type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Скрыть пароль" }));
    expect(input.type).toBe("password");
  });

  it("sends the token with both passwords and signs in with the answer", async () => {
    const api = fakeApi({ "POST /users/password/recovery": () => json(record) });
    const { useAuth } = await renderAuthApp("/recovery/tok-123");
    await heading("Новый пароль");
    type("Новый пароль", "new-password-1");
    type("Повторите пароль", "new-password-1");
    fireEvent.click(save());
    await heading("Главная");
    expect(api.callsTo("POST /users/password/recovery")[0].body).toEqual({
      recovery_hash: "tok-123",
      password: "new-password-1",
      confirm_password: "new-password-1",
    });
    expect(useAuth.getState().status).toBe("authenticated");
  });

  it("goes to Login with a note when the answer is not a sign-in", async () => {
    fakeApi({ "POST /users/password/recovery": () => json({ detail: "Пароль изменён" }) });
    await renderAuthApp("/recovery/tok");
    await heading("Новый пароль");
    type("Новый пароль", "new-password-1");
    type("Повторите пароль", "new-password-1");
    fireEvent.click(save());
    await heading("Вход");
    expect(screen.getByText("Пароль изменён. Войдите с новым паролем.")).toBeTruthy();
  });

  it("sends a used or expired link to /recovery-invalid, which leads to Forgot", async () => {
    fakeApi({
      "POST /users/password/recovery": () =>
        json({ detail: "Ссылка для восстановления недействительна или устарела" }, 400),
    });
    await renderAuthApp("/recovery/old");
    await heading("Новый пароль");
    type("Новый пароль", "new-password-1");
    type("Повторите пароль", "new-password-1");
    fireEvent.click(save());
    await heading("Ссылка недействительна");
    expect(screen.getByRole("link", { name: "Запросить новую ссылку" }).getAttribute("href")).toBe("/forgot");
  });

  it("keeps a too short password on the page with the server's message under it", async () => {
    fakeApi({
      "POST /users/password/recovery": () =>
        json(
          {
            detail: [{ loc: ["body", "password"], msg: "Пароль должен быть не короче 8 символов", type: "too_small" }],
          },
          422,
        ),
    });
    await renderAuthApp("/recovery/tok");
    await heading("Новый пароль");
    type("Новый пароль", "short");
    type("Повторите пароль", "short");
    fireEvent.click(save());
    await waitFor(() => expect(errorOf("Новый пароль")).toBe("Пароль должен быть не короче 8 символов"));
  });
});

describe("FieldError", () => {
  it("renders nothing for a text that is empty after trimming", () => {
    const { container } = render(
      <Providers>
        <FieldError text="   " />
        <FieldError text={null} />
      </Providers>,
    );
    expect(container.querySelector("[role=alert]")).toBeNull();
    cleanup();
    render(
      <Providers>
        <FieldError text="Обязательное поле" />
      </Providers>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Обязательное поле");
  });
});
