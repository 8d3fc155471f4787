import { expect, test } from "@playwright/test";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";
import { adminApi, SubscriptionPanel } from "./pages/subscription";

test("a wrong promo code shows «Неверный промокод»; a right one (made by the admin) raises the count, once", async ({
  page,
  request,
}) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await (await adminApi(request)).createPromo(code, 25);
  await signIn(page, await registerUser(request));
  await new MainLayoutPage(page).goto("/");

  // "Обновить план" in the sidebar opens the plans to buy; the promo field is on the active view.
  await page.getByTestId("upgrade-card").click();
  const panel = SubscriptionPanel.inModal(page);
  await expect(panel.view("Доступные подписки")).toHaveAttribute("aria-checked", "true");
  await panel.view("Активные подписки").click();
  await expect(panel.limitCard("Стартовый пакет")).toContainText("Доступные запросы: 10 из 10");
  await expect(panel.limitCards).toHaveCount(1);

  await expect(panel.activateButton).toBeDisabled();
  await panel.promoInput.fill("   ");
  await expect(panel.activateButton).toBeDisabled();
  await panel.activatePromo("НЕТ-ТАКОГО-КОДА");
  await expect(panel.promoError).toHaveText("Неверный промокод");
  await expect(panel.promoError).toHaveAttribute("data-accent-color", "red");
  await expect(panel.limitCards).toHaveCount(1);

  // Codes are case-insensitive; a good one clears the field and the new pack shows at once.
  await panel.activatePromo(code.toLowerCase());
  await expect(panel.promoInput).toHaveValue("");
  await expect(panel.promoError).toHaveCount(0);
  await expect(panel.limitCard("Промокод")).toContainText("Доступные запросы: 25 из 25");
  await expect(panel.limitCards).toHaveCount(2);

  // Once per user.
  await panel.activatePromo(code);
  await expect(panel.promoError).toHaveText("Неверный промокод");
  await expect(panel.limitCards).toHaveCount(2);

  // /subscription shows the same.
  await page.goto("/subscription");
  const pageView = new SubscriptionPanel(page, page.getByTestId("page-subscription"));
  await expect(pageView.limitCard("Промокод")).toContainText("Доступные запросы: 25 из 25");
  await expect(pageView.limitCard("Стартовый пакет")).toContainText("Доступные запросы: 10 из 10");
});
