import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Invitation from "../../web/src/features/account/InvitationPage";
import { useAuth } from "../../web/src/features/auth/auth-store";

type Call = { method: string; path: string; body: unknown };

/** The invitation calls at the HTTP boundary, answered as the Worker does (docs/operations.md). */
function fakeServer(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call = {
        method: (init?.method ?? "GET").toUpperCase(),
        path: url.pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/invitations", element: <Invitation /> },
      { path: "/invitations/:token", element: <Invitation /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useAuth.setState({
    status: "authenticated",
    record: { access_token: "access-1", refresh_token: "refresh-1", email: "anna@example.com", name: null },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the invitation page", () => {
  it("asks before joining: «Принять» sends the link's token and says which company", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { id: 7, name: "Бюро Ясность" } }));
    renderAt("/invitations/tok-1");
    expect(screen.getByRole("heading", { name: "Приглашение в компанию" })).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Принять" }));
    expect((await screen.findByRole("status")).textContent).toBe("Готово: вы сотрудник компании «Бюро Ясность».");
    expect(calls).toEqual([{ method: "POST", path: "/api/v2/companies/invitations/accept", body: { token: "tok-1" } }]);
  });

  it("«Отклонить» declines by the token; a link that is not the user's says so", async () => {
    const calls = fakeServer((call) =>
      call.path.endsWith("/decline") ? { status: 204 } : { status: 404, body: { detail: "Приглашение не найдено" } },
    );
    renderAt("/invitations/tok-2");
    fireEvent.click(screen.getByRole("button", { name: "Отклонить" }));
    expect((await screen.findByRole("status")).textContent).toBe("Приглашение отклонено.");
    expect(calls).toEqual([
      { method: "POST", path: "/api/v2/companies/invitations/decline", body: { token: "tok-2" } },
    ]);

    cleanup();
    renderAt("/invitations/tok-3");
    fireEvent.click(screen.getByRole("button", { name: "Принять" }));
    expect((await screen.findByRole("alert")).textContent).toContain("вы вошли как anna@example.com");
  });

  it("lists the pending invitations and answers each one", async () => {
    const calls = fakeServer((call) =>
      call.method === "GET"
        ? {
            status: 200,
            body: [
              {
                id: 3,
                company: { id: 1, name: "ООО «Ромашка»" },
                invited_by: "Анна Смирнова",
                role: "member",
                allowance: null,
                created_at: "2026-01-01T00:00:00.000Z",
              },
            ],
          }
        : { status: 200, body: { id: 1, name: "ООО «Ромашка»" } },
    );
    renderAt("/invitations");
    // Who invites and where, quotes nested (issue 29).
    expect(await screen.findByText("Анна Смирнова приглашает вас в компанию «ООО „Ромашка“»")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Принять" }));
    expect((await screen.findByRole("status")).textContent).toBe("Готово: вы сотрудник компании «ООО „Ромашка“».");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/v2/companies/invitations",
      "POST /api/v2/companies/invitations/3/accept",
    ]);
  });
});
