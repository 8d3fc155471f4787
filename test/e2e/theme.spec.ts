import { expect, test } from "@playwright/test";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";

test("the theme is light by default, the header menu switches it, and the choice survives a reload", async ({
  page,
  request,
}) => {
  await signIn(page, await registerUser(request));
  const main = new MainLayoutPage(page);
  await main.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.locator(".radix-themes").first()).toHaveClass(/\blight\b/);

  await main.chooseFromMenu("Темная тема");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.locator(".radix-themes").first()).toHaveClass(/\bdark\b/);
  await expect(html).toHaveCSS("color-scheme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");

  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.locator(".radix-themes").first()).toHaveClass(/\bdark\b/);
  await main.userMenuButton.click();
  await expect(main.menuItem("Светлая тема")).toBeVisible();
  await expect(main.menuItem("Темная тема")).toHaveCount(0);

  await main.menuItem("Светлая тема").click();
  await expect(html).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("light");
});
