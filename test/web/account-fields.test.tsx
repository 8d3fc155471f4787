import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountPanel } from "../../web/src/features/account/AccountPanel";
import { useAuth } from "../../web/src/features/auth/auth-store";

const TAKEN = "Пользователь с данным email уже зарегистрирован";

type Call = { method: string; path: string; token: string | null; body: unknown };

const CURRENT = "текущий-пароль";
const CODE = "123456";

/**
 * The accounts API at the HTTP boundary, as docs/accounts.md and the Worker answer it: GET
 * /users/self, PATCH /users/ with one field (409 for a taken e-mail, a new access token after a
 * password change; a password or e-mail change needs `current_password`, or `code` for an account
 * without a password; a new e-mail waits as `pending_email`), POST /users/self/code.
 */
function fakeServer(
  user: { email: string | null; name: string | null; has_password?: boolean },
  options: { selfStatus?: number; patchDown?: boolean; passwordStatus?: number; checkProof?: boolean } = {},
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
    calls.push({ method, path: url.pathname, token: headers.get("jwt-token"), body });
    const json = (data: unknown, status = 200) => Response.json(data, { status });
    // The account tab's list of sessions, whatever the token: a 401 here would sign the next test out.
    if (method === "GET" && url.pathname === "/api/v2/users/self/sessions") {
      const now = "2025-01-01T00:00:00Z";
      return json([
        { id: "s-1", device: "Chrome, Linux", country: null, created_at: now, last_used_at: now, current: true },
      ]);
    }
    if (headers.get("jwt-token") !== "access-1") return json({ detail: "Требуется авторизация" }, 401);
    if (method === "GET" && url.pathname === "/api/v2/users/self") {
      if (options.selfStatus) return json({ detail: "Внутренняя ошибка сервера" }, options.selfStatus);
      return json({ id: 1, role: "user", created_at: "2025-01-01T00:00:00Z", ...user });
    }
    if (method === "POST" && url.pathname === "/api/v2/users/self/code") {
      if (user.has_password !== false)
        return json({ detail: "У аккаунта есть пароль: подтвердите изменение текущим паролем" }, 400);
      return json({ detail: "Мы отправили код на ваш e-mail" });
    }
    if (method === "PATCH" && /^\/api\/v2\/users\/?$/.test(url.pathname)) {
      if (options.patchDown) throw new TypeError("Failed to fetch");
      if (
        options.checkProof &&
        (body.password !== undefined || (body.email !== undefined && body.email !== user.email))
      ) {
        const [field, expected, wrong] =
          user.has_password === false
            ? ["code", CODE, "Неверный или устаревший код"]
            : ["current_password", CURRENT, "Неверный текущий пароль"];
        if (body[field] === undefined)
          return json(
            {
              detail: [
                {
                  loc: ["body", field],
                  msg: field === "code" ? "Введите код из письма" : "Введите текущий пароль",
                  type: "missing",
                },
              ],
            },
            422,
          );
        if (body[field] !== expected) return json({ detail: wrong }, 403);
        if (body.email !== undefined) return json({ id: 1, role: "user", ...user, pending_email: body.email });
      }
      if (body.email === "taken@example.com") return json({ detail: TAKEN }, 409);
      if (body.email === "anna@localhost")
        return json({ detail: [{ loc: ["body", "email"], msg: "Некорректный e-mail", type: "invalid_format" }] }, 422);
      if (body.password !== undefined) {
        if (options.passwordStatus)
          return json({ detail: "Пароль должен быть не короче 8 символов" }, options.passwordStatus);
        return json({ id: 1, role: "user", ...user, access_token: "access-2" });
      }
      if (body.name !== undefined) user.name = body.name;
      if (body.email !== undefined) user.email = body.email;
      return json({ id: 1, role: "user", ...user });
    }
    return json({ detail: "Не найдено" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, patches: () => calls.filter((c) => c.method === "PATCH") };
}

const field = (name: string) => screen.getByRole("group", { name });

async function renderPanel() {
  render(
    <Providers>
      <AccountPanel />
    </Providers>,
  );
  await screen.findByRole("group", { name: "E-mail" });
}

async function editAndSave(name: string, value: string) {
  fireEvent.click(within(field(name)).getByRole("button", { name: "Изменить" }));
  fireEvent.change(within(field(name)).getByRole("textbox", { name }), { target: { value } });
  fireEvent.click(within(field(name)).getByRole("button", { name: "Сохранить" }));
  await waitFor(() => expect(within(field(name)).queryByRole("textbox")).toBeNull());
}

beforeEach(() => {
  localStorage.clear();
  useAuth.setState({
    status: "authenticated",
    record: { access_token: "access-1", refresh_token: "refresh-1", email: "old@example.com", name: null },
  });
});
afterEach(() => {
  cleanup();
  // A token adopted in a test schedules its refresh: ended here, it cannot sign the next test out.
  useAuth.getState().logout();
  vi.unstubAllGlobals();
});

describe("account fields", () => {
  it("loads the self user with the access token and shows e-mail, name and a 10–15 dot mask", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    expect(within(field("E-mail")).getByText("anna@example.com")).toBeTruthy();
    expect(within(field("Имя")).getByText("Анна")).toBeTruthy();
    expect(within(field("Пароль")).getByTestId("password-mask").textContent).toMatch(/^•{10,15}$/);
    expect(server.calls[0]).toMatchObject({ method: "GET", path: "/api/v2/users/self", token: "access-1" });
    // The header reads the auth record: it follows the server's view.
    expect(useAuth.getState().record).toMatchObject({ email: "anna@example.com", name: "Анна" });
  });

  it("shows the load failure text when the self user cannot be loaded", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" }, { selfStatus: 500 });
    render(
      <Providers>
        <AccountPanel />
      </Providers>,
    );
    expect(await screen.findByText("Не удалось загрузить данные пользователя.")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "E-mail" })).toBeNull();
  });

  it("saves the name with PATCH /users/ and updates the user", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    await editAndSave("Имя", "Анна Петровна");
    expect(within(field("Имя")).getByText("Анна Петровна")).toBeTruthy();
    expect(server.patches()).toEqual([
      {
        method: "PATCH",
        path: expect.stringMatching(/^\/api\/v2\/users\/?$/),
        token: "access-1",
        body: { name: "Анна Петровна" },
      },
    ]);
    expect(useAuth.getState().record?.name).toBe("Анна Петровна");
    expect(JSON.parse(localStorage.getItem("yasno-auth") ?? "{}").name).toBe("Анна Петровна");
  });

  it("a refused e-mail reverts to the server value and shows the server's detail under the field", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    await editAndSave("E-mail", "taken@example.com");
    expect(within(field("E-mail")).getByText("anna@example.com")).toBeTruthy();
    expect(within(field("E-mail")).queryByText("taken@example.com")).toBeNull();
    expect(within(field("E-mail")).getByRole("alert").textContent).toBe(TAKEN);
    expect(useAuth.getState().record?.email).toBe("anna@example.com");

    // Editing again starts from the server value and hides the old error.
    fireEvent.click(within(field("E-mail")).getByRole("button", { name: "Изменить" }));
    expect((within(field("E-mail")).getByRole("textbox", { name: "E-mail" }) as HTMLInputElement).value).toBe(
      "anna@example.com",
    );
    expect(within(field("E-mail")).queryByRole("alert")).toBeNull();
  });

  it("a validation answer (422) for an address the browser lets through shows its messages", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    await editAndSave("E-mail", "anna@localhost");
    expect(within(field("E-mail")).getByRole("alert").textContent).toBe("Некорректный e-mail");
    expect(within(field("E-mail")).getByText("anna@example.com")).toBeTruthy();
  });

  it("a network failure reverts the name too, with a generic text", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" }, { patchDown: true });
    await renderPanel();
    await editAndSave("Имя", "Другая");
    expect(within(field("Имя")).getByText("Анна")).toBeTruthy();
    expect(within(field("Имя")).getByRole("alert").textContent).toBe(
      "Не удалось сохранить изменения, повторите попытку позже.",
    );
  });

  it("cancel leaves edit mode without a call", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    fireEvent.click(within(field("Имя")).getByRole("button", { name: "Изменить" }));
    fireEvent.change(within(field("Имя")).getByRole("textbox", { name: "Имя" }), { target: { value: "Другая" } });
    fireEvent.click(within(field("Имя")).getByRole("button", { name: "Отмена" }));
    expect(within(field("Имя")).getByText("Анна")).toBeTruthy();
    expect(server.patches()).toHaveLength(0);
  });
});

describe("password field", () => {
  const inputs = () => ({
    password: within(field("Пароль")).getByLabelText("Новый пароль") as HTMLInputElement,
    repeat: within(field("Пароль")).getByLabelText("Повторите пароль") as HTMLInputElement,
    save: within(field("Пароль")).getByRole("button", { name: "Сохранить" }) as HTMLButtonElement,
  });
  const type = (password: string, repeat: string) => {
    fireEvent.change(inputs().password, { target: { value: password } });
    fireEvent.change(inputs().repeat, { target: { value: repeat } });
  };
  const openPassword = () => fireEvent.click(within(field("Пароль")).getByRole("button", { name: "Изменить" }));

  it("save is enabled only for a non-empty password equal to its repeat", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    openPassword();
    expect(inputs().save.disabled).toBe(true);
    type("новый-пароль", "");
    expect(inputs().save.disabled).toBe(true);
    type("новый-пароль", "новый-парол");
    expect(inputs().save.disabled).toBe(true);
    type("новый-пароль", "новый-пароль");
    expect(inputs().save.disabled).toBe(false);
    type("", "");
    expect(inputs().save.disabled).toBe(true);
  });

  it("each input has its own show/hide toggle", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    openPassword();
    const [showFirst, showSecond] = within(field("Пароль")).getAllByRole("button", { name: "Показать пароль" });
    fireEvent.click(showFirst);
    expect(inputs().password.type).toBe("text");
    expect(inputs().repeat.type).toBe("password");
    fireEvent.click(showSecond);
    expect(inputs().repeat.type).toBe("text");
    fireEvent.click(within(field("Пароль")).getAllByRole("button", { name: "Скрыть пароль" })[0]);
    expect(inputs().password.type).toBe("password");
  });

  it("cancel clears both fields and leaves edit mode", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    openPassword();
    type("новый-пароль", "новый-пароль");
    fireEvent.click(within(field("Пароль")).getByRole("button", { name: "Отмена" }));
    expect(within(field("Пароль")).queryByLabelText("Новый пароль")).toBeNull();
    openPassword();
    expect(inputs().password.value).toBe("");
    expect(inputs().repeat.value).toBe("");
  });

  it("a failed save is silent and keeps what was typed", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна" }, { passwordStatus: 422 });
    await renderPanel();
    openPassword();
    type("short", "short");
    fireEvent.click(inputs().save);
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    await waitFor(() => expect(inputs().save.disabled).toBe(false));
    expect(inputs().password.value).toBe("short");
    expect(inputs().repeat.value).toBe("short");
    expect(within(field("Пароль")).queryByRole("alert")).toBeNull();
    expect(useAuth.getState().record?.access_token).toBe("access-1");
  });

  it("a saved password leaves edit mode and this session takes the new access token", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна" });
    await renderPanel();
    openPassword();
    type("новый-пароль", "новый-пароль");
    fireEvent.click(inputs().save);
    await waitFor(() => expect(within(field("Пароль")).queryByLabelText("Новый пароль")).toBeNull());
    expect(server.patches()[0].body).toEqual({ password: "новый-пароль" });
    expect(useAuth.getState().record).toMatchObject({
      access_token: "access-2",
      refresh_token: "refresh-1",
      email: "anna@example.com",
    });
  });
});

describe("the owner's proof", () => {
  const passwordInputs = () => ({
    password: within(field("Пароль")).getByLabelText("Новый пароль") as HTMLInputElement,
    repeat: within(field("Пароль")).getByLabelText("Повторите пароль") as HTMLInputElement,
    save: within(field("Пароль")).getByRole("button", { name: "Сохранить" }) as HTMLButtonElement,
  });
  const changePassword = (proofLabel: string, proof: string) => {
    fireEvent.click(within(field("Пароль")).getByRole("button", { name: "Изменить" }));
    fireEvent.change(passwordInputs().password, { target: { value: "новый-пароль" } });
    fireEvent.change(passwordInputs().repeat, { target: { value: "новый-пароль" } });
    fireEvent.change(within(field("Пароль")).getByLabelText(proofLabel), { target: { value: proof } });
    fireEvent.click(passwordInputs().save);
  };

  it(
    "a password change sends the current password; a wrong one is said under the field and the form " + "stays",
    async () => {
      const server = fakeServer({ email: "anna@example.com", name: "Анна" }, { checkProof: true });
      await renderPanel();
      changePassword("Текущий пароль", "не-тот");
      expect((await within(field("Пароль")).findByRole("alert")).textContent).toBe("Неверный текущий пароль");
      expect(passwordInputs().password.value).toBe("новый-пароль");
      expect(useAuth.getState().record?.access_token).toBe("access-1");

      fireEvent.change(within(field("Пароль")).getByLabelText("Текущий пароль"), { target: { value: CURRENT } });
      fireEvent.click(passwordInputs().save);
      await waitFor(() => expect(within(field("Пароль")).queryByLabelText("Новый пароль")).toBeNull());
      expect(server.patches().map((p) => p.body)).toEqual([
        { password: "новый-пароль", current_password: "не-тот" },
        { password: "новый-пароль", current_password: CURRENT },
      ]);
      expect(useAuth.getState().record?.access_token).toBe("access-2");
    },
  );

  it(
    "an e-mail change asks for the current password and says the letter went to the new address; the old address " +
      "stays",
    async () => {
      const server = fakeServer({ email: "anna@example.com", name: "Анна" }, { checkProof: true });
      await renderPanel();
      fireEvent.click(within(field("E-mail")).getByRole("button", { name: "Изменить" }));
      fireEvent.change(within(field("E-mail")).getByRole("textbox", { name: "E-mail" }), {
        target: { value: "new@example.com" },
      });
      fireEvent.change(within(field("E-mail")).getByLabelText("Текущий пароль"), { target: { value: CURRENT } });
      fireEvent.click(within(field("E-mail")).getByRole("button", { name: "Сохранить" }));
      const notice = await within(field("E-mail")).findByRole("status");
      expect(notice.textContent).toMatch(/^Мы отправили письмо на новый адрес new@example\.com/);
      expect(within(field("E-mail")).getByText("anna@example.com")).toBeTruthy();
      expect(server.patches()[0]!.body).toEqual({ email: "new@example.com", current_password: CURRENT });
      expect(useAuth.getState().record?.email).toBe("anna@example.com");
    },
  );

  it("without the current password the e-mail field says what is missing", async () => {
    fakeServer({ email: "anna@example.com", name: "Анна" }, { checkProof: true });
    await renderPanel();
    await editAndSave("E-mail", "new@example.com");
    expect(within(field("E-mail")).getByRole("alert").textContent).toBe("Введите текущий пароль");
  });

  it("an account without a password gets a code by e-mail («Получить код») and sends it", async () => {
    const server = fakeServer({ email: "anna@example.com", name: "Анна", has_password: false }, { checkProof: true });
    await renderPanel();
    fireEvent.click(within(field("Пароль")).getByRole("button", { name: "Изменить" }));
    expect(within(field("Пароль")).queryByLabelText("Текущий пароль")).toBeNull();
    fireEvent.click(within(field("Пароль")).getByRole("button", { name: "Получить код" }));
    expect((await within(field("Пароль")).findByRole("status")).textContent).toBe(
      "Мы отправили код на ваш e-mail. Он действует 10 минут.",
    );
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/v2/users/self/code", token: "access-1", body: null },
    ]);

    fireEvent.change(passwordInputs().password, { target: { value: "новый-пароль" } });
    fireEvent.change(passwordInputs().repeat, { target: { value: "новый-пароль" } });
    fireEvent.change(within(field("Пароль")).getByLabelText("Код из письма"), { target: { value: CODE } });
    fireEvent.click(passwordInputs().save);
    await waitFor(() => expect(within(field("Пароль")).queryByLabelText("Новый пароль")).toBeNull());
    expect(server.patches()[0]!.body).toEqual({ password: "новый-пароль", code: CODE });
  });
});
