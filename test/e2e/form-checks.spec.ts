import { expect, type Page, test } from "@playwright/test";
import { LoginPage, RegisterPage } from "./pages/auth";
import { registerUser, signIn } from "./pages/registered-user";

// Issue 29: the sign-in forms say every problem at once, in Russian, and no form of the app leaves a
// check to the browser's own (English) validation bubble.

/** Whether the browser would check the form itself (and show its bubble) on submit. */
const nativeChecks = (page: Page, form = page.locator("form").first()) =>
  form.evaluate((f) => !(f as HTMLFormElement).noValidate);

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 375, height: 740 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test("registration says every problem at once: the e-mail, the password rule and the consent", async ({ page }) => {
      const register = new RegisterPage(page);
      await register.goto();
      expect(await nativeChecks(page)).toBe(false);

      await page.getByRole("button", { name: "Создать аккаунт" }).click();
      await register.expectFieldError("E-mail", "Введите e-mail");
      await register.expectFieldError("Пароль", "Введите пароль");
      await expect(register.consent).toHaveAccessibleDescription("Отметьте согласие, чтобы продолжить");
      await expect(register.field("Имя")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/register$/);

      await register.field("E-mail").fill("anna@");
      await register.field("Пароль").fill("short");
      await page.getByRole("button", { name: "Создать аккаунт" }).click();
      await register.expectFieldError("E-mail", "Некорректный e-mail");
      await register.expectFieldError("Пароль", "Пароль должен быть не короче 8 символов");
      await expect(register.consent).toHaveAccessibleDescription("Отметьте согласие, чтобы продолжить");

      // Put right, the account is made and Main opens.
      await register.register({
        name: "Анна",
        email: `e2e-checks-${Date.now().toString(36)}-${name}@example.com`,
        password: "e2e-password-1",
      });
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId("page-main")).toBeVisible();
    });

    test("sign-in says both empty fields at once, then the server's answer", async ({ page, request }) => {
      const user = await registerUser(request);
      const login = new LoginPage(page);
      await login.goto();
      expect(await nativeChecks(page)).toBe(false);
      await page.getByRole("button", { name: "Войти", exact: true }).click();
      await login.expectFieldError("E-mail", "Введите e-mail");
      await login.expectFieldError("Пароль", "Введите пароль");

      await login.signIn(user.email, "not-the-password");
      await login.expectFieldError("Пароль", "Неверный e-mail или пароль");
      await login.signIn(user.email, user.password);
      await expect(page.getByTestId("page-main")).toBeVisible();
    });
  });
}

test("/register-v2 promises no external sign-in when none is configured", async ({ page, request }) => {
  const providers = await (await request.get("/api/v2/users/auth/providers")).json();
  expect(providers).toEqual({ providers: [], telegram_bot_id: null });
  await page.goto("/register-v2");
  await expect(page.getByRole("heading", { level: 1, name: "Начните за минуту" })).toBeVisible();
  await expect(page.getByText("Укажите e-mail и придумайте пароль — и задайте ассистенту первый вопрос")).toBeVisible();
  await expect(page.getByText(/удобный сервис/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Войти через/ })).toHaveCount(0);
});

test("the company's invitation says a bad e-mail in Russian, not in the browser's bubble", async ({
  page,
  request,
}) => {
  const owner = await registerUser(request, "Ольга");
  const created = await request.post("/api/v2/companies/", {
    headers: { "jwt-token": owner.record.access_token },
    data: { name: "Ромашка" },
  });
  expect(created.status()).toBe(201);
  await signIn(page, owner);
  await page.goto("/company");
  const invite = page.getByRole("form", { name: "Пригласить сотрудника" });
  await expect(invite).toBeVisible();
  expect(await nativeChecks(page, invite)).toBe(false);

  await invite.getByRole("textbox", { name: "E-mail", exact: true }).fill("colleague");
  await invite.getByRole("button", { name: "Пригласить" }).click();
  await expect(page.getByRole("alert")).toHaveText("Некорректный e-mail");
  // Nothing was sent: no invitation waits.
  await expect(page.getByTestId("company-invitation")).toHaveCount(0);
  // Every form on the page checks in the app, not in the browser.
  for (const form of await page.locator("form").all()) expect(await nativeChecks(page, form)).toBe(false);
});
