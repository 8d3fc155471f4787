import { expect, test } from "@playwright/test";
import { LoginPage, RegisterPage } from "./pages/auth";

// Issue 29: a visitor the access gate sends to /login sees beside the form what Ясно is, and the way
// to register; «← Назад» only where there is a page of the app to go back to.

const MODES = ["Объясни закон", "Общий чат", "Недвижимость", "Объясни изображение"];

test("the HTML of /login already says what Ясно is, beside the form", async ({ request }) => {
  const html = await (await request.get("/login")).text();
  expect(html).toMatch(/<h2[^>]*>Что такое Ясно<\/h2>/);
  for (const mode of MODES) expect(html).toContain(mode);
  expect(html).toContain("скрываются от модели");
  // Nothing to go back to on a page opened from outside.
  expect(html).not.toContain(">Назад<");
});

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 375, height: 740 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test("a signed-out visitor of Main gets the form and what Ясно is, and registers from there", async ({ page }) => {
      await page.goto("/");
      const login = new LoginPage(page);
      await login.expectShown();
      await expect(page.getByRole("button", { name: "Назад" })).toHaveCount(0);

      const about = page.getByRole("region", { name: "Что такое Ясно" });
      await expect(about.getByRole("list", { name: "Режимы" }).getByRole("listitem")).toHaveCount(4);
      for (const mode of MODES) await expect(about).toContainText(mode);
      await expect(about).toContainText("10 запросов при регистрации и 5 бесплатных каждый день");
      await expect(about).toContainText("от 199 ₽ за 30 запросов");
      await expect(about).toContainText("личные данные скрываются от модели");

      // Beside the form on a desktop, under it on a phone; nothing wider than the screen.
      const form = await page.locator(".auth-card").boundingBox();
      const aside = await about.boundingBox();
      if (name === "desktop") expect(aside!.x).toBeGreaterThanOrEqual(form!.x + form!.width);
      else expect(aside!.y).toBeGreaterThanOrEqual(form!.y + form!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await about.getByRole("link", { name: "Создать аккаунт бесплатно" }).click();
      const register = new RegisterPage(page);
      await expect(register.heading("Регистрация")).toBeVisible();
      // A link of the app led here: «Назад» goes back to the sign-in page.
      await page.getByRole("button", { name: "Назад" }).click();
      await login.expectShown();
    });
  });
}
