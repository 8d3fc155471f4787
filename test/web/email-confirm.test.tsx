import { Providers } from "./providers";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import EmailConfirm from "../../web/src/features/account/EmailConfirmPage";
import { useAuth } from "../../web/src/features/auth/auth-store";

type Call = { method: string; path: string; body: unknown };

/** POST /users/email/confirm at the HTTP boundary, as the Worker answers it (docs/accounts.md). */
function fakeServer(answer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      calls.push({
        method: (init?.method ?? "GET").toUpperCase(),
        path: url.pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
      });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/email/confirm/:token", element: <EmailConfirm /> }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the e-mail confirmation page", () => {
  it("applies the link's token and says the new address; a signed-in record follows it", async () => {
    useAuth.setState({
      status: "authenticated",
      record: { access_token: "access-1", refresh_token: "refresh-1", email: "old@example.com", name: null },
    });
    const calls = fakeServer({ status: 200, body: { detail: "E-mail изменён", email: "new@example.com" } });
    renderAt("/email/confirm/tok-1");
    expect(await screen.findByRole("heading", { name: "E-mail подтверждён" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Теперь e-mail вашего аккаунта — new@example.com.");
    expect(calls).toEqual([{ method: "POST", path: "/api/v2/users/email/confirm", body: { token: "tok-1" } }]);
    expect(useAuth.getState().record?.email).toBe("new@example.com");
  });

  it("says a used or expired link is invalid", async () => {
    useAuth.setState({ status: "anonymous", record: null });
    fakeServer({ status: 400, body: { detail: "Ссылка для смены e-mail недействительна или устарела" } });
    renderAt("/email/confirm/tok-2");
    expect(await screen.findByRole("heading", { name: "Ссылка недействительна" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Вернуться ко входу" })).toBeTruthy();
  });

  it("shows the server's reason when the address was taken meanwhile", async () => {
    useAuth.setState({ status: "anonymous", record: null });
    fakeServer({ status: 409, body: { detail: "Пользователь с данным email уже зарегистрирован" } });
    renderAt("/email/confirm/tok-3");
    expect(await screen.findByRole("heading", { name: "Не удалось подтвердить e-mail" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Пользователь с данным email уже зарегистрирован");
  });
});
