import { expect, test, type Page } from "@playwright/test";
import { ForgotPage, LoginPage, RecoveryPage, RegisterPage } from "./pages/auth";
import { recoveryLinkFor } from "./pages/mail-outbox";
import { MainLayoutPage } from "./pages/main-layout";

let counter = 0;
const newUser = (name = "Анна") => ({
  name,
  email: `auth-${Date.now().toString(36)}-${++counter}@example.com`,
  password: "first-password-1",
});

/** Signed in, on Main: the header shows who it is. */
async function expectInApp(page: Page, name: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(new MainLayoutPage(page).headerName).toHaveText(name);
}

test("register, sign out, sign in, recover the password by mail and sign in with the new one", async ({
  page,
  request,
}) => {
  const user = newUser("Анна Смирнова");
  const main = new MainLayoutPage(page);
  const login = new LoginPage(page);

  const register = new RegisterPage(page);
  await register.goto();
  await register.register(user);
  await expectInApp(page, user.name);

  await main.chooseFromMenu("Выйти");
  await login.expectShown();
  // Signed out for real: a protected page sends back to Login, which leads back there.
  await page.goto("/");
  await login.expectShown();
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(main.headerName).toHaveText(user.name);
  await main.chooseFromMenu("Выйти");
  await login.expectShown();

  await login.openForgot();
  await new ForgotPage(page).request(user.email);
  await expect(page).toHaveURL(/\/forgot\/sent$/);

  const recovery = new RecoveryPage(page);
  await recovery.open(await recoveryLinkFor(request, user.email));
  await recovery.setPassword("second-password-2");
  // The recovery answers a new session: the user is in.
  await expectInApp(page, user.name);

  await main.chooseFromMenu("Выйти");
  await login.expectShown();
  await login.signIn(user.email, user.password);
  await login.expectFieldError("Пароль", "Неверный e-mail или пароль");
  await login.signIn(user.email, "second-password-2");
  await expectInApp(page, user.name);
});

test("a used recovery link leads to the invalid-link page", async ({ page, request }) => {
  const user = newUser();
  const created = await request.post("/api/v2/users/", { data: { ...user, consent: true } });
  expect(created.status()).toBe(201);
  const forgot = await request.post(`/api/v2/users/password/forgot?email=${encodeURIComponent(user.email)}`);
  expect(forgot.status()).toBe(200);
  const link = await recoveryLinkFor(request, user.email);
  const used = await request.post("/api/v2/users/password/recovery", {
    data: { recovery_hash: link.split("/").pop(), password: "other-password-3", confirm_password: "other-password-3" },
  });
  expect(used.status()).toBe(200);

  const recovery = new RecoveryPage(page);
  await recovery.open(link);
  await recovery.setPassword("second-password-2");
  await expect(recovery.heading("Ссылка недействительна")).toBeVisible();
  await expect(page).toHaveURL(/\/recovery-invalid$/);
  await page.getByRole("link", { name: "Запросить новую ссылку" }).click();
  await expect(recovery.heading("Восстановление пароля")).toBeVisible();
});

// /user, not /chat: a user without chats is sent on from /chat to Main by the landing rule.
test("the access gate: anonymous /user goes to Login and back after sign-in; signed-in /login goes to Main", async ({
  page,
  request,
}) => {
  const user = newUser("Борис");
  expect((await request.post("/api/v2/users/", { data: { ...user, consent: true } })).status()).toBe(201);
  const login = new LoginPage(page);

  await page.goto("/user");
  await login.expectShown();
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/user$/);

  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register-v2");
  await expect(page).toHaveURL(/\/$/);
});

test("server errors show under the field they concern", async ({ page, request }) => {
  const user = newUser();
  expect((await request.post("/api/v2/users/", { data: { ...user, consent: true } })).status()).toBe(201);

  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ ...user, email: user.email.toUpperCase() });
  await register.expectFieldError("E-mail", "Пользователь с данным email уже зарегистрирован");
  await expect(page).toHaveURL(/\/register$/);

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.email, "not-the-password");
  await login.expectFieldError("Пароль", "Неверный e-mail или пароль");
  await login.signIn("not-an-email", "whatever");
  await login.expectFieldError("E-mail", "Некорректный e-mail");
});

test("an external sign-in that ends in 409 shows the text on Login for 3 seconds", async ({ page }) => {
  await page.goto("/login?status=409");
  const alert = page.getByRole("alert").filter({ hasText: "Пользователь с данным email уже зарегистрирован" });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(alert).toBeHidden({ timeout: 10_000 });
});
