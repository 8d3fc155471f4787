import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** The admin the browser tests' server seeds (scripts/e2e-server.mjs). */
const E2E_ADMIN = { email: "admin@e2e.local", password: "e2e-admin-password" };

/** The admin API of docs/billing.md, signed in as the seeded admin: what the tests set up around a user. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post("/api/v2/users/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { "jwt-token": ((await login.json()) as { access_token: string }).access_token };
  return {
    /** `POST /limits/update/` mode "set": the user's packs end and this one is all they have. */
    async setRequests(email: string, requests: number, days = 1) {
      const res = await request.post("/api/v2/limits/update/", {
        headers,
        data: { email, requests, mode: "set", days },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** `POST /limits/update/` mode "add": one more pack beside the user's others. */
    async grantRequests(email: string, requests: number, days = 30) {
      const res = await request.post("/api/v2/limits/update/", {
        headers,
        data: { email, requests, mode: "add", days },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** `POST /limits/update/` for a company: a pack in its pool. */
    async grantCompany(companyId: number, requests: number, days = 30) {
      const res = await request.post("/api/v2/limits/update/", {
        headers,
        data: { company_id: companyId, requests, mode: "add", days },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** `POST /promos/`: a code granting `requests`. */
    async createPromo(name: string, requests: number, maxUses = 10) {
      const res = await request.post("/api/v2/promos/", {
        headers,
        data: { name, requests, day_gap: 30, max_uses: maxUses },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

/** The subscription tab of the settings modal, or the /subscription page: the same panel. */
export class SubscriptionPanel {
  readonly limitCards: Locator;
  readonly noSubscriptions: Locator;
  readonly planCards: Locator;
  readonly buyButton: Locator;
  readonly promoInput: Locator;
  readonly activateButton: Locator;
  readonly promoError: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.limitCards = root.getByTestId("limit-card");
    this.noSubscriptions = root.getByText("У вас нет активных подписок.");
    this.planCards = root.getByTestId("plan-card");
    this.buyButton = root.getByRole("button", { name: "Купить" });
    this.promoInput = root.getByRole("textbox", { name: "Промокод" });
    this.activateButton = root.getByRole("button", { name: "Активировать" });
    this.promoError = root.getByTestId("promo-error");
  }

  /** The settings modal ("Настройки"), whichever way it was opened. */
  static inModal(page: Page) {
    return new SubscriptionPanel(page, page.getByRole("dialog", { name: "Настройки" }));
  }

  view(name: "Активные подписки" | "Доступные подписки"): Locator {
    return this.root.getByRole("radio", { name });
  }

  plan(name: string): Locator {
    return this.planCards.filter({ hasText: name });
  }

  /** The limit card whose title is `title` ("Подписка", "Промокод", "Стартовый пакет"...). */
  limitCard(title: string): Locator {
    return this.limitCards.filter({ hasText: title });
  }

  /** Picks the plan and presses "Купить"; answers the tab the payment page opened in. */
  async buy(planName: string): Promise<Page> {
    await expect(this.buyButton).toBeDisabled();
    await this.plan(planName).click();
    await expect(this.plan(planName)).toHaveAttribute("aria-checked", "true");
    const popup = this.page.waitForEvent("popup");
    await this.buyButton.click();
    return popup;
  }

  async activatePromo(code: string) {
    await this.promoInput.fill(code);
    await this.activateButton.click();
  }
}
