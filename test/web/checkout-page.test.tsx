import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Payment } from "../../web/src/features/billing/billing-api";
import { CHECKOUT_POLL } from "../../web/src/features/billing/checkout";
import Checkout from "../../web/src/features/billing/CheckoutPage";
import { useSettings } from "../../web/src/features/account/settings-store";
import { PLANS, cachedLimits, limitRow, limitsOf, payment } from "./billing-fakes";
import { fakeChatApi, json } from "./chat-fakes";
import { signIn } from "./chat-render";

const ID = payment().id;
const defaults = { ...CHECKOUT_POLL };

/** The Worker for /checkout: the payment answers the given states in turn (the last one repeats). */
function server(states: (Partial<Payment> | number)[], limits?: () => Response) {
  let reads = 0;
  let rows = [limitRow()];
  const api = fakeChatApi({
    "GET /payments/:id": (_, { id }) => {
      const state = states[Math.min(reads++, states.length - 1)];
      if (typeof state === "number") return json({ detail: "Платёж не найден" }, state);
      const current = payment({ id: decodeURIComponent(id), ...state });
      // The grant is in the limits once the payment is credited.
      if (current.credited)
        rows = [
          limitRow(),
          limitRow({
            id: 5,
            source: "subscription",
            requests: 100,
            available_requests: 100,
            date_expire: new Date(2026, 11, 21, 12).toISOString(),
          }),
        ];
      return json(current);
    },
    "GET /subscriptions/:id": (_, { id }) => json(PLANS.find((p) => String(p.id) === id)),
    "GET /limits": () => limits?.() ?? json(limitsOf(rows)),
  });
  return { ...api, reads: () => reads };
}

function renderCheckout(url = `/checkout?payment_id=${ID}`) {
  const router = createMemoryRouter(
    [
      { path: "/checkout", element: <Checkout /> },
      { path: "/chat", element: <div data-testid="page-chat" /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  signIn();
  useSettings.getState().close();
  // The page waits 1.5 s between reads; the tests need no real waiting.
  Object.assign(CHECKOUT_POLL, { intervalMs: 5, attempts: 40 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(CHECKOUT_POLL, defaults);
});

describe("/checkout", () => {
  it("a success whose limits fail to load claims no «no subscriptions»", async () => {
    const api = server([{ status: "succeeded", credited: true }], () => json({ detail: "Сбой" }, 500));
    renderCheckout();
    const done = await screen.findByTestId("checkout-succeeded");
    await waitFor(() => expect(api.callsTo("GET", "/limits").length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(done).queryByText("У вас нет активных подписок.")).toBeNull();
    expect(within(done).queryByText("Сбой")).toBeNull();
  });

  it(
    "waits while the payment is pending, then shows the plan, the amount, what was added and the new limit " + "card",
    async () => {
      const api = server([
        { status: "pending" },
        { status: "waiting_for_capture" },
        { status: "succeeded", credited: true },
      ]);
      renderCheckout();
      expect(screen.getByTestId("checkout-pending").textContent).toContain("Проверяем оплату…");
      const done = await screen.findByTestId("checkout-succeeded");
      expect(within(done).getByRole("heading", { name: "Оплата прошла" })).toBeTruthy();
      expect(within(done).getByText("Тариф «Стандарт»")).toBeTruthy();
      expect(within(done).getByText("Сумма: 490,50 ₽")).toBeTruthy();
      expect(within(done).getByTestId("checkout-added").textContent).toBe("Начислено запросов: 100, на 30 дней");
      expect(within(done).getAllByTestId("limit-card")).toHaveLength(2);
      expect(api.reads()).toBe(3);
      // The limits were read after the payment became final, so the composer knows too.
      const lastPayment = api.calls.findLastIndex((c) => c.path.startsWith("/payments/"));
      expect(api.calls.findLastIndex((c) => c.path === "/limits")).toBeGreaterThan(lastPayment);
      expect(cachedLimits()?.available_requests).toBe(103);
    },
  );

  it("a succeeded payment whose grant is not written yet is waited for", async () => {
    const api = server([
      { status: "succeeded", credited: false },
      { status: "succeeded", credited: true },
    ]);
    renderCheckout();
    await screen.findByTestId("checkout-succeeded");
    expect(api.reads()).toBe(2);
  });

  it("an unlimited plan says so", async () => {
    server([{ status: "succeeded", credited: true, subscription_id: 4, amount: 1990 }]);
    renderCheckout();
    expect((await screen.findByTestId("checkout-added")).textContent).toBe(
      "Безлимитное количество запросов на 30 дней",
    );
    // The matcher folds the no-break space of "1 990" into a plain one.
    expect(screen.getByText("Сумма: 1 990 ₽")).toBeTruthy();
  });

  it("a canceled payment says the money was not taken, and offers the plans", async () => {
    server([{ status: "pending" }, { status: "canceled" }]);
    renderCheckout();
    const view = await screen.findByTestId("checkout-canceled");
    expect(within(view).getByRole("heading", { name: "Оплата отменена" })).toBeTruthy();
    expect(within(view).getByText("Деньги не списаны. Можно выбрать тариф и оплатить ещё раз.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Выбрать тариф" }));
    expect(useSettings.getState()).toMatchObject({ open: true, tab: "subscription", view: "available" });
  });

  it('an unknown (or another user\'s) payment, or none in the address: "Платёж не найден"', async () => {
    server([404]);
    renderCheckout();
    expect(await screen.findByRole("heading", { name: "Платёж не найден" })).toBeTruthy();
    cleanup();
    const api = server([{ status: "pending" }]);
    renderCheckout("/checkout");
    expect(await screen.findByRole("heading", { name: "Платёж не найден" })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith("/payments"))).toHaveLength(0);
  });

  it('a payment still pending after the window says so, and "Проверить ещё раз" reads it again', async () => {
    Object.assign(CHECKOUT_POLL, { attempts: 3 });
    const api = server([
      { status: "pending" },
      { status: "pending" },
      { status: "pending" },
      { status: "succeeded", credited: true },
    ]);
    renderCheckout();
    const waiting = await screen.findByTestId("checkout-waiting");
    expect(
      within(waiting).getByText(
        "Платёж ещё обрабатывается. Обычно это занимает пару минут: проверьте ещё раз чуть позже.",
      ),
    ).toBeTruthy();
    expect(api.reads()).toBe(3);
    fireEvent.click(within(waiting).getByRole("button", { name: "Проверить ещё раз" }));
    await screen.findByTestId("checkout-succeeded");
  });

  it("links back to the chat", async () => {
    server([{ status: "succeeded", credited: true }]);
    const router = renderCheckout();
    await screen.findByTestId("checkout-succeeded");
    fireEvent.click(screen.getByRole("link", { name: "Вернуться в чат" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat"));
  });
});
