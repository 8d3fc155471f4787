import { expect, type Locator, type Page } from "@playwright/test";

/** The sandbox provider's own checkout page (served by the Worker locally): plan, amount, pay or cancel. */
export class SandboxCheckoutPage {
  readonly plan: Locator;
  readonly amount: Locator;

  constructor(readonly page: Page) {
    this.plan = page.getByTestId("sandbox-plan");
    this.amount = page.getByTestId("sandbox-amount");
  }

  async expectShown(planName: string) {
    await expect(this.page.getByRole("heading", { name: "Тестовая оплата" })).toBeVisible();
    await expect(this.plan).toHaveText(planName);
  }

  /** "Оплатить": the provider's notice is delivered and the payer returns to /checkout. */
  async pay() {
    await this.page.getByRole("button", { name: "Оплатить" }).click();
    await expect(this.page).toHaveURL(/\/checkout\?payment_id=[0-9a-f-]{36}$/);
  }

  async cancel() {
    await this.page.getByRole("button", { name: "Отменить" }).click();
    await expect(this.page).toHaveURL(/\/checkout\?payment_id=[0-9a-f-]{36}$/);
  }
}

/** `/checkout`: the outcome of the payment the payer came back from. */
export class CheckoutPage {
  readonly succeeded: Locator;
  readonly canceled: Locator;
  readonly added: Locator;
  readonly limitCards: Locator;
  readonly toChat: Locator;

  constructor(readonly page: Page) {
    this.succeeded = page.getByTestId("checkout-succeeded");
    this.canceled = page.getByTestId("checkout-canceled");
    this.added = page.getByTestId("checkout-added");
    this.limitCards = this.succeeded.getByTestId("limit-card");
    this.toChat = page.getByRole("link", { name: "Вернуться в чат" });
  }
}
