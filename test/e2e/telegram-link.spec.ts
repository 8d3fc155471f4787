import { expect, test, type APIRequestContext } from "@playwright/test";
import { LoginPage } from "./pages/auth";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";

// The bot's /link, end to end on the web's side: the one-time link the internal API makes, opened in the
// browser, the button, and the bot's next call finding the account; then «Отвязать Telegram» in the settings.

const internal = { "internal-token": "e2e-internal-token" };
let seq = 0;
const telegramId = () => `${Date.now()}${++seq}`;

/** What the bot does on /link: asks the internal API for the link, and answers with the path it opens. */
async function linkPath(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.post(`/internal/api/v2/users/tg/${id}/link-token`, { headers: internal });
  expect(res.status(), await res.text()).toBe(201);
  const url = new URL(((await res.json()) as { url: string }).url);
  expect(url.pathname).toBe("/link/telegram");
  return url.pathname + url.search;
}

const botUserOf = (request: APIRequestContext, id: string) =>
  request.get(`/internal/api/v2/users/tg/${id}`, { headers: internal });

test("a signed-in user links the bot's Telegram with one press, and unlinks it in the settings", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, "Телеграм");
  const id = telegramId();
  await signIn(page, user);
  const path = await linkPath(request, id);
  await page.goto(path);
  await expect(page.getByText(`Привязать Telegram к аккаунту ${user.email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Привязать", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Готово: Telegram привязан к аккаунту. Вернитесь в чат с ботом и продолжайте там.",
  );
  const bot = await botUserOf(request, id);
  expect(await bot.json()).toMatchObject({ email: user.email, name: "Телеграм" });

  // The link is spent: opened again, it says so.
  await page.goto(path);
  await page.getByRole("button", { name: "Привязать", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Ссылка для привязки Telegram устарела или уже использована: отправьте боту /link ещё раз",
  );

  const main = new MainLayoutPage(page);
  await main.goto("/");
  await main.openSettings();
  await main.settings.getByRole("button", { name: "Отвязать Telegram" }).click();
  await expect(main.settings.getByTestId("telegram-link").getByRole("status")).toHaveText("Telegram отвязан.");
  expect((await botUserOf(request, id)).status()).toBe(404);
});

test("an anonymous visitor signs in first and comes back to the link", async ({ page, request }) => {
  const user = await registerUser(request, "Гость");
  const path = await linkPath(request, telegramId());
  await page.goto(path);
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(path);
  await expect(page.getByText(`Привязать Telegram к аккаунту ${user.email}?`)).toBeVisible();
});
