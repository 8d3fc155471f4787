import { expect, test } from "@playwright/test";
import { RegisterPage } from "./pages/auth";

// docs/legal.md in the real app: the documents open without signing in, from the sign-in pages;
// registration without the consent box ticked is refused.

test("the legal pages open signed out, linked from the sign-in pages", async ({ page }) => {
  await page.goto("/login");
  const links = page.getByRole("navigation", { name: "Документы" });
  await expect(links.getByRole("link", { name: "Публичная оферта" })).toHaveAttribute("href", "/offer");
  for (const [path, title] of [
    ["/offer", "Публичная оферта"],
    ["/privacy", "Политика обработки персональных данных"],
    ["/terms", "Пользовательское соглашение"],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("legal-version")).toContainText("Редакция 1 от");
    await expect(page.getByTestId("page-legal")).toContainText("[ИНН: не указано]");
    await expect(page).toHaveTitle(new RegExp(title));
  }
});

test("registration without the consent ticked is refused; ticked, it goes through", async ({ page }) => {
  const register = new RegisterPage(page);
  await register.goto();
  await expect(register.consent).not.toBeChecked();
  const user = { name: "Вера", email: `consent-${Date.now()}@example.test`, password: "надёжный-пароль-1" };
  await register.register(user, { consent: false });
  await expect(page.getByText("Отметьте согласие, чтобы продолжить")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await register.consent.check();
  await page.getByRole("button", { name: "Создать аккаунт" }).click();
  await expect(page).toHaveURL(/\/$/);
});
