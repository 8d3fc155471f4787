import { expect, test } from "@playwright/test";
import { RegisterPage } from "./pages/auth";
import { registerUser, signIn } from "./pages/registered-user";

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

// Issue 29: a legal page is in the app's frame and theme, for a visitor and for a signed-in user.
for (const signedIn of [false, true]) {
  test(`a legal page in the dark theme has the app's header and background (${signedIn ? "signed in" : "signed out"})`, async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => localStorage.setItem("vite-ui-theme", "dark"));
    if (signedIn) await signIn(page, await registerUser(request));
    await page.goto("/terms");
    await expect(page.getByTestId("legal-version")).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText("Ясно", { exact: true })).toBeVisible();
    if (signedIn) await expect(header.getByRole("button", { name: /Меню пользователя/ })).toBeVisible();
    else await expect(header.getByRole("link", { name: "Войти" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("main")).toContainText("Пользовательское соглашение");

    // The page and its header are painted in the dark theme's background token, not the browser's white.
    const colours = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.style.background = "var(--color-background)";
      document.querySelector(".radix-themes")?.appendChild(probe);
      const token = getComputedStyle(probe).backgroundColor;
      probe.remove();
      const painted = (el: Element | null) => {
        for (let e = el; e; e = e.parentElement) {
          const colour = getComputedStyle(e).backgroundColor;
          if (colour !== "rgba(0, 0, 0, 0)") return colour;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      return {
        token,
        page: painted(document.querySelector("[data-testid=page-legal]")),
        header: painted(document.querySelector("header")),
      };
    });
    expect(colours.page).toBe(colours.token);
    expect(colours.header).toBe(colours.token);
    const [r, g, b] = colours.token.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(150);

    // The theme switch of a visitor's header works here too.
    if (!signedIn) {
      await header.getByRole("button", { name: "Светлая тема" }).click();
      await expect(page.locator(".radix-themes").first()).toHaveClass(/\blight\b/);
    }
  });
}
