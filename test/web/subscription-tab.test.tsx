import { Providers } from "./providers";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsModal } from "../../web/src/features/account/SettingsModal";
import { openPaymentUrl } from "../../web/src/features/billing/payment";
import Subscription from "../../web/src/features/billing/SubscriptionPage";
import { useSettings } from "../../web/src/features/account/settings-store";
import { PLANS, cachedLimits, deferred, limitRow, limitsOf, payment } from "./billing-fakes";
import { fakeChatApi, json } from "./chat-fakes";
import { signIn } from "./chat-render";
import { stubViewport } from "./sidebar-render";

const NBSP = "\u00a0";

function server(
  options: {
    rows?: ReturnType<typeof limitRow>[];
    payment?: () => Response | Promise<Response>;
    promo?: (name: string) => Response | Promise<Response>;
    payments?: ReturnType<typeof payment>[];
    limits?: () => Response;
    plans?: () => Response;
  } = {},
) {
  let rows = options.rows ?? [limitRow()];
  const api = fakeChatApi({
    "GET /limits": () => options.limits?.() ?? json(limitsOf(rows)),
    "GET /subscriptions": () => options.plans?.() ?? json(PLANS),
    "GET /payments": () => json(options.payments ?? []),
    "POST /payments/:id": () => options.payment?.() ?? json("https://pay.example.ru/checkout/abc"),
    "POST /promos/use/:name": (_, { name }) => options.promo?.(decodeURIComponent(name)) ?? json({}, 404),
  });
  return { ...api, setRows: (next: typeof rows) => (rows = next) };
}

function openTab(view?: "active" | "available") {
  render(
    <Providers>
      <SettingsModal />
    </Providers>,
  );
  act(() => useSettings.getState().openSettings("subscription", view));
  return screen.getByRole("dialog", { name: "Настройки" });
}

const viewButton = (name: string) => screen.getByRole("radio", { name });
const buyButton = () => screen.getByRole("button", { name: /^Купить/ }) as HTMLButtonElement;
const promoInput = () => screen.getByRole("textbox", { name: "Промокод" }) as HTMLInputElement;
const activateButton = () => screen.getByRole("button", { name: "Активировать" }) as HTMLButtonElement;

beforeEach(() => {
  stubViewport(1280);
  signIn();
  useSettings.getState().close();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the active view", () => {
  it("names a bought pack after its plan, and lists the payments with their receipts", async () => {
    server({
      rows: [limitRow({ id: 8, source: "subscription", name: "Стандарт", requests: 100, available_requests: 99 })],
      payments: [
        payment({
          id: "6f1c2b9e-0000-4000-8000-000000000002",
          status: "succeeded",
          credited: true,
          receipt_url: "https://yasno.test/receipt/2",
        }),
        payment({ plan_name: "Старт", amount: 199, status: "canceled", provider: "yookassa" }),
        payment({
          id: "6f1c2b9e-0000-4000-8000-000000000003",
          plan_name: "Безлимит",
          amount: 1990,
          status: "succeeded",
          provider: "yookassa",
          receipt_url: null,
        }),
      ],
    });
    const dialog = openTab("active");
    expect(await within(dialog).findByText("Стандарт", { selector: "[data-testid=limit-name]" })).toBeTruthy();
    const rows = await within(dialog).findAllByTestId("payment-row");
    expect(rows.map((r) => r.textContent)).toEqual([
      `Стандарт490,50 ₽21.11.2026 · оплаченЧек`,
      `Старт199 ₽21.11.2026 · отменён`,
      `Безлимит1${NBSP}990 ₽21.11.2026 · оплаченЧек отправлен на e-mail`,
    ]);
    expect(within(rows[0]!).getByRole("link", { name: "Чек" }).getAttribute("href")).toBe(
      "https://yasno.test/receipt/2",
    );
  });

  it(
    'shows a card per active limit: "до {date}" and "Доступные запросы: {a} из {t}", or the unlimited ' + "wording",
    async () => {
      server({
        rows: [
          limitRow({
            id: 7,
            source: "daily",
            requests: 5,
            available_requests: 2,
            date_expire: new Date(2026, 10, 23, 0, 0).toISOString(),
          }),
          limitRow({
            id: 8,
            source: "subscription",
            requests: 100,
            available_requests: 100,
            date_expire: new Date(2026, 11, 21, 15, 0).toISOString(),
          }),
          limitRow({
            id: 9,
            source: "subscription",
            requests: 0,
            available_requests: 0,
            is_unlimited: true,
            date_expire: new Date(2027, 0, 10, 9, 0).toISOString(),
          }),
        ],
      });
      const dialog = openTab();
      expect(within(dialog).getByRole("tab", { selected: true }).textContent).toContain("Подписка");
      expect(within(dialog).getByTestId("subscription-tab")).toBeTruthy();
      expect(viewButton("Активные подписки").getAttribute("aria-checked")).toBe("true");
      const cards = await within(dialog).findAllByTestId("limit-card");
      expect(cards.map((c) => within(c).getByTestId("limit-expiry").textContent)).toEqual([
        "до 22.11.2026",
        "до 21.12.2026",
        "до 10.01.2027",
      ]);
      expect(cards.map((c) => within(c).getByTestId("limit-requests").textContent)).toEqual([
        "Доступные запросы: 2 из 5",
        "Доступные запросы: 100 из 100",
        "Безлимитное количество запросов",
      ]);
      expect(within(cards[0]).getByText("Ежедневные запросы")).toBeTruthy();
      expect(within(cards[1]).getByText("Подписка")).toBeTruthy();
    },
  );

  it('with no active limits: "У вас нет активных подписок."', async () => {
    server({ rows: [] });
    const dialog = openTab();
    expect(await within(dialog).findByText("У вас нет активных подписок.")).toBeTruthy();
    expect(within(dialog).queryByTestId("limit-card")).toBeNull();
  });

  it("limits that fail to load claim nothing: no cards, no «no subscriptions», no error", async () => {
    const api = server({ limits: () => json({ detail: "Сбой" }, 500) });
    const dialog = openTab("active");
    await waitFor(() => expect(api.callsTo("GET", "/limits")).toHaveLength(1));
    await waitFor(() => expect(dialog.querySelector(".rt-Spinner")).toBeNull());
    expect(within(dialog).queryByText("У вас нет активных подписок.")).toBeNull();
    expect(within(dialog).queryByTestId("limit-card")).toBeNull();
    expect(within(dialog).queryByText("Сбой")).toBeNull();
  });

  it("a pack without an end date says so instead of a date", async () => {
    server({ rows: [limitRow({ date_expire: null })] });
    const dialog = openTab();
    const card = await within(dialog).findByTestId("limit-card");
    expect(within(card).getByTestId("limit-expiry").textContent).toBe("Бессрочно");
  });
});

describe("the available view", () => {
  it("loads the plans lazily: not for the active view, once when the view opens, never again after", async () => {
    const api = server();
    openTab();
    await screen.findByTestId("limit-card");
    expect(api.callsTo("GET", "/subscriptions")).toHaveLength(0);

    fireEvent.click(viewButton("Доступные подписки"));
    expect(await screen.findByText("Стандарт")).toBeTruthy();
    expect(api.callsTo("GET", "/subscriptions")).toHaveLength(1);

    fireEvent.click(viewButton("Активные подписки"));
    fireEvent.click(viewButton("Доступные подписки"));
    await screen.findByText("Стандарт");
    act(() => useSettings.getState().close());
    act(() => useSettings.getState().openSettings("subscription", "available"));
    await screen.findByText("Стандарт");
    expect(api.callsTo("GET", "/subscriptions")).toHaveLength(1);
  });

  it("plans that fail to load claim nothing, and the next opening asks again", async () => {
    let fail = true;
    const api = server({ plans: () => (fail ? json({ detail: "Сбой" }, 500) : json(PLANS)) });
    const dialog = openTab("available");
    await waitFor(() => expect(api.callsTo("GET", "/subscriptions")).toHaveLength(1));
    await waitFor(() => expect(dialog.querySelector(".rt-Spinner")).toBeNull());
    expect(within(dialog).queryByText("Сейчас нет тарифов для покупки.")).toBeNull();
    expect(within(dialog).queryByText("Сбой")).toBeNull();
    expect(within(dialog).queryByTestId("plan-card")).toBeNull();

    fail = false;
    fireEvent.click(viewButton("Активные подписки"));
    fireEvent.click(viewButton("Доступные подписки"));
    expect(await screen.findAllByTestId("plan-card")).toHaveLength(PLANS.length);
  });

  it("shows each plan's price and requests as docs/product.md §9 words them", async () => {
    server();
    openTab("available");
    const cards = await screen.findAllByTestId("plan-card");
    expect(cards.map((c) => c.textContent)).toEqual([
      "Старт199 ₽ / 30 дней30 Запросов",
      "Стандарт490,50 ₽ / 30 дней100 Запросов",
      `Безлимит1${NBSP}990 ₽ / 30 днейБезлимитное количество запросов`,
    ]);
  });

  it('"Купить" is disabled until a plan is picked; the picked plan is highlighted, and only it', async () => {
    server();
    openTab("available");
    const [start, standard] = await screen.findAllByTestId("plan-card");
    expect(buyButton().disabled).toBe(true);
    // While none is chosen a line says what to do; the button then names the plan and its price.
    expect(buyButton().textContent).toBe("Купить");
    expect(screen.getByTestId("buy-hint").textContent).toBe("Выберите тариф выше, и кнопка «Купить» станет доступна.");
    fireEvent.click(start);
    expect(start.getAttribute("aria-checked")).toBe("true");
    expect(start.hasAttribute("data-selected")).toBe(true);
    expect(buyButton().disabled).toBe(false);
    expect(buyButton().textContent).toBe("Купить «Старт» за 199 ₽");
    expect(screen.queryByTestId("buy-hint")).toBeNull();
    fireEvent.click(standard);
    expect(standard.getAttribute("aria-checked")).toBe("true");
    expect(start.getAttribute("aria-checked")).toBe("false");
    expect(start.hasAttribute("data-selected")).toBe(false);
  });

  it('"Купить" creates the payment for the picked plan and opens its page in a new tab', async () => {
    const api = server();
    const tab = { opener: window } as unknown as Window;
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    openTab("available");
    fireEvent.click((await screen.findAllByTestId("plan-card"))[1]);
    fireEvent.click(buyButton());
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://pay.example.ru/checkout/abc", "_blank"));
    expect(api.callsTo("POST", "/payments/2")).toHaveLength(1);
    // The payment page gets no handle on this one.
    expect(tab.opener).toBeNull();
  });

  it("a payment that cannot be created says nothing and opens nothing; the button works again", async () => {
    const api = server({ payment: () => json({ detail: "Внутренняя ошибка сервера" }, 500) });
    const open = vi.fn(() => null);
    vi.stubGlobal("open", open);
    const dialog = openTab("available");
    fireEvent.click((await screen.findAllByTestId("plan-card"))[0]);
    fireEvent.click(buyButton());
    await waitFor(() => expect(api.callsTo("POST", "/payments/1")).toHaveLength(1));
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    expect(open).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("an answer that is not a web address is never opened", async () => {
    server({ payment: () => json("javascript:alert(1)") });
    const open = vi.fn(() => null);
    vi.stubGlobal("open", open);
    openTab("available");
    fireEvent.click((await screen.findAllByTestId("plan-card"))[0]);
    fireEvent.click(buyButton());
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    expect(open).not.toHaveBeenCalled();
  });
});

describe("opening the payment page (docs/product.md §4)", () => {
  it("a new tab when the browser allows it", () => {
    const win = { open: vi.fn(() => ({ opener: {} })), location: { assign: vi.fn() } };
    openPaymentUrl("https://pay.example.ru/1", win as unknown as Window);
    expect(win.open).toHaveBeenCalledWith("https://pay.example.ru/1", "_blank");
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it("this window when the popup is blocked", () => {
    const win = { open: vi.fn(() => null), location: { assign: vi.fn() } };
    openPaymentUrl("https://pay.example.ru/1", win as unknown as Window);
    expect(win.location.assign).toHaveBeenCalledWith("https://pay.example.ru/1");
  });
});

describe("the promo code", () => {
  it("activate is disabled while the trimmed code is empty and while the request is in flight", async () => {
    const answer = deferred();
    server({ promo: () => answer.promise });
    openTab();
    expect(activateButton().disabled).toBe(true);
    fireEvent.change(promoInput(), { target: { value: "   " } });
    expect(activateButton().disabled).toBe(true);
    fireEvent.change(promoInput(), { target: { value: " ВЕСНА " } });
    expect(activateButton().disabled).toBe(false);
    fireEvent.click(activateButton());
    await waitFor(() => expect(activateButton().disabled).toBe(true));
    answer.resolve(json({ detail: "Промокод не найден" }, 404));
    await screen.findByText("Неверный промокод");
    expect(activateButton().disabled).toBe(false);
  });

  it('a refused code shows "Неверный промокод" in red under the field, whatever the reason', async () => {
    const api = server({
      promo: (name) =>
        json(
          { detail: name === "ДВАЖДЫ" ? "Вы уже активировали этот промокод" : "Промокод не найден" },
          name === "ДВАЖДЫ" ? 409 : 404,
        ),
    });
    openTab();
    fireEvent.change(promoInput(), { target: { value: " нет такого " } });
    fireEvent.click(activateButton());
    const error = await screen.findByTestId("promo-error");
    expect(error.textContent).toBe("Неверный промокод");
    expect(error.getAttribute("data-accent-color")).toBe("red");
    expect(promoInput().getAttribute("aria-describedby")).toBe(error.id);
    // The code went trimmed and encoded into the path.
    expect(api.calls.find((c) => c.method === "POST")?.path).toBe(`/promos/use/${encodeURIComponent("нет такого")}`);
    expect(promoInput().value).toBe(" нет такого ");

    fireEvent.change(promoInput(), { target: { value: "ДВАЖДЫ" } });
    expect(screen.queryByTestId("promo-error")).toBeNull();
    fireEvent.click(activateButton());
    expect((await screen.findByTestId("promo-error")).textContent).toBe("Неверный промокод");
  });

  it("a good code clears the field and reloads the limits", async () => {
    const granted = [
      limitRow({ requests: 10, available_requests: 3 }),
      limitRow({
        id: 2,
        source: "promo",
        requests: 50,
        available_requests: 50,
        date_expire: new Date(2026, 11, 1, 12).toISOString(),
      }),
    ];
    const api = server({
      rows: [limitRow({ requests: 10, available_requests: 3 })],
      promo: (name) => {
        if (name !== "ВЕСНА") return json({ detail: "Промокод не найден" }, 404);
        api.setRows(granted);
        return json(limitsOf(granted));
      },
    });
    const dialog = openTab();
    expect((await within(dialog).findByTestId("limit-requests")).textContent).toBe("Доступные запросы: 3 из 10");
    const limitLoads = api.callsTo("GET", "/limits").length;
    fireEvent.change(promoInput(), { target: { value: "ВЕСНА" } });
    fireEvent.click(activateButton());
    await waitFor(() => expect(within(dialog).getAllByTestId("limit-card")).toHaveLength(2));
    expect(api.callsTo("GET", "/limits").length).toBe(limitLoads + 1);
    expect(promoInput().value).toBe("");
    expect(screen.queryByTestId("promo-error")).toBeNull();
    expect(screen.getByText("Промокод активирован")).toBeTruthy();
    expect(cachedLimits()?.available_requests).toBe(53);
  });
});

it("the support button opens the messenger channel in a new tab", async () => {
  server();
  openTab();
  const link = screen.getByRole("link", { name: "Написать в поддержку" });
  expect(link.getAttribute("href")).toBe("https://t.me/yasno_support");
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toContain("noopener");
});

it("/subscription shows the same content as a page, with its own view switch", async () => {
  const api = server();
  render(
    <Providers>
      <Subscription />
    </Providers>,
  );
  expect(screen.getByRole("heading", { name: "Подписка", level: 2 })).toBeTruthy();
  expect(await screen.findByTestId("limit-card")).toBeTruthy();
  fireEvent.click(viewButton("Доступные подписки"));
  expect(await screen.findAllByTestId("plan-card")).toHaveLength(3);
  expect(api.callsTo("GET", "/subscriptions")).toHaveLength(1);
  expect(screen.getByRole("textbox", { name: "Промокод" })).toBeTruthy();
  // The page keeps its own view: the modal's store is untouched.
  expect(useSettings.getState().view).toBe("active");
});
