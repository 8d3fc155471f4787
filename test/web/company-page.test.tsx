import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import CompanyPage from "../../web/src/features/companies/CompanyPage";
import { limitRow, limitsOf, PLANS, payment } from "./billing-fakes";
import { fakeChatApi, json } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/operations.md "Companies" on /company: the pool and buying for it, the people with their
// roles, allowances and use, invitations sent again or withdrawn.

const company = (extra: object = {}) => ({
  id: 3,
  name: "Ромашка",
  owner_id: 1,
  created_at: "2026-11-01T10:00:00.000Z",
  my_role: "owner",
  limits: limitsOf([
    limitRow({ id: 9, source: "subscription", name: "Стандарт", requests: 100, available_requests: 80 }),
  ]),
  employees: [
    { id: 1, user_id: 1, email: "owner@example.test", name: "Ольга", role: "owner", allowance: null, used: 5 },
    { id: 2, user_id: 2, email: "ivan@example.test", name: null, role: "member", allowance: 10, used: 3 },
  ],
  invitations: [
    {
      id: 7,
      email: "petr@example.test",
      role: "member",
      allowance: null,
      status: "pending",
      created_at: "2026-11-20T10:00:00.000Z",
      responded_at: null,
    },
  ],
  ...extra,
});

function renderPage() {
  const router = createMemoryRouter([{ path: "/company", element: <CompanyPage /> }], { initialEntries: ["/company"] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => {
  resetStores();
  signIn();
  // Radix's Select (the roles, the plan) measures its trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("shows the pool, the people with their use, and the invitations; resends and withdraws", async () => {
  const api = fakeChatApi({
    "GET /companies": () => json([company()]),
    "GET /subscriptions": () => json(PLANS),
    "GET /companies/3/invitations": () =>
      json([
        company().invitations[0],
        {
          id: 6,
          email: "vera@example.test",
          role: "admin",
          allowance: 5,
          status: "declined",
          created_at: "2026-11-10T10:00:00.000Z",
          responded_at: "2026-11-11T10:00:00.000Z",
        },
        {
          id: 5,
          email: "ivan@example.test",
          role: "member",
          allowance: 10,
          status: "accepted",
          created_at: "2026-11-02T10:00:00.000Z",
          responded_at: "2026-11-03T10:00:00.000Z",
        },
      ]),
    "GET /companies/3/payments": () => json([payment({ plan_name: "Стандарт", status: "succeeded", credited: true })]),
    "POST /companies/3/employees": (call) =>
      json(
        {
          id: 7,
          status: "pending",
          created_at: "2026-11-24T10:00:00.000Z",
          responded_at: null,
          ...(call.body as object),
        },
        201,
      ),
    "DELETE /companies/3/invitations/7": () => new Response(null, { status: 204 }),
    "PATCH /companies/3/2": () => json({}),
  });
  renderPage();
  expect(await screen.findByRole("heading", { name: "Компания «Ромашка»" })).toBeTruthy();
  expect(screen.getByText("Стандарт")).toBeTruthy();
  const members = screen.getAllByTestId("company-member");
  expect(members).toHaveLength(2);
  expect(within(members[1]!).getByText("израсходовано 3")).toBeTruthy();

  // The app's own controls, no browser select; «Сохранить» only once the allowance is changed.
  expect(document.querySelectorAll("select:not([aria-hidden])")).toHaveLength(0);
  expect(within(members[1]!).getByRole("combobox", { name: "Роль: ivan@example.test" }).textContent).toBe("Сотрудник");
  expect(within(members[1]!).queryByRole("button", { name: "Сохранить" })).toBeNull();
  fireEvent.change(within(members[1]!).getByLabelText("Лимит: ivan@example.test"), { target: { value: "25" } });
  fireEvent.click(within(members[1]!).getByRole("button", { name: "Сохранить" }));
  await waitFor(() => expect(api.callsTo("PATCH", "/companies/3/2")).toHaveLength(1));
  expect(Object.fromEntries(api.callsTo("PATCH", "/companies/3/2")[0]!.query)).toEqual({ allowance: "25" });

  // Every invitation with its state: sent again unless accepted, withdrawn only while pending.
  const invitationRows = await screen.findAllByTestId("company-invitation");
  expect(invitationRows.map((r) => within(r).getByTestId("invitation-status").textContent)).toEqual([
    "ожидает ответа",
    "отклонено",
    "принято",
  ]);
  expect(within(invitationRows[1]!).queryByRole("button", { name: "Отозвать" })).toBeNull();
  expect(within(invitationRows[2]!).queryByRole("button", { name: "Отправить ещё раз" })).toBeNull();
  // The company's purchases.
  expect(within(screen.getByTestId("payment-history")).getByText("Покупки компании")).toBeTruthy();
  const invitation = invitationRows[0]!;
  fireEvent.click(within(invitation).getByRole("button", { name: "Отправить ещё раз" }));
  await waitFor(() => expect(api.callsTo("POST", "/companies/3/employees")).toHaveLength(1));
  expect(api.callsTo("POST", "/companies/3/employees")[0]!.body).toEqual({
    email: "petr@example.test",
    role: "member",
    allowance: null,
  });
  fireEvent.click(within(invitation).getByRole("button", { name: "Отозвать" }));
  await waitFor(() => expect(api.callsTo("DELETE", "/companies/3/invitations/7")).toHaveLength(1));

  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "anna@example.test" } });
  fireEvent.click(screen.getByRole("button", { name: "Пригласить" }));
  expect(await screen.findByText("Приглашение отправлено: anna@example.test")).toBeTruthy();
});

it("without a company: creating one", async () => {
  let companies: unknown[] = [];
  const api = fakeChatApi({
    "GET /companies": () => json(companies),
    "GET /subscriptions": () => json(PLANS),
    "POST /companies": () => {
      companies = [company()];
      return json(companies[0], 201);
    },
  });
  renderPage();
  fireEvent.change(await screen.findByLabelText("Название компании"), { target: { value: "Ромашка" } });
  fireEvent.click(screen.getByRole("button", { name: "Создать компанию" }));
  expect(await screen.findByRole("heading", { name: "Компания «Ромашка»" })).toBeTruthy();
  expect(api.callsTo("POST", "/companies")[0]!.body).toEqual({ name: "Ромашка" });
});
