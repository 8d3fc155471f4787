import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { CheckoutPage, SandboxCheckoutPage } from "./pages/checkout";
import { acceptDisclaimers, registerUser, signIn, type RegisteredUser } from "./pages/registered-user";
import { adminApi, SubscriptionPanel } from "./pages/subscription";

/** A signed-in user with one request left, in a new law chat (the mode's terms accepted: their own test). */
async function userWithOneRequest(page: Page, request: APIRequestContext): Promise<RegisteredUser> {
  const user = await registerUser(request);
  await acceptDisclaimers(request, user);
  await (await adminApi(request)).setRequests(user.email, 1);
  await signIn(page, user);
  return user;
}

/** Spends the last request: the composer then waits for a purchase. */
async function runOutOfRequests(chat: ChatPage) {
  await chat.startNewChat();
  await chat.ask("Можно ли вернуть товар без чека?");
  await expect(chat.assistantMessages.last()).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });
  await expect(chat.textbox).toBeDisabled();
  await expect(chat.sendButton).toBeDisabled();
}

/** "до {date}" of a limit as the browser (Moscow) shows it: the last day the pack works. */
async function expiryOf(request: APIRequestContext, user: RegisteredUser, source: string): Promise<string> {
  const res = await request.get("/api/v2/limits/", { headers: { "jwt-token": user.record.access_token } });
  const { limits } = (await res.json()) as { limits: { source: string; date_expire: string }[] };
  const end = new Date(Date.parse(limits.find((l) => l.source === source)!.date_expire) - 1);
  const [{ value: day }, , { value: month }, , { value: year }] = new Intl.DateTimeFormat("ru-RU", {
    timeZone: "Europe/Moscow",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(end);
  return `до ${day}.${month}.${year}`;
}

test(
  "out of requests → the box disables → a pack bought through the sandbox → /checkout shows the new limit → " +
    "sending works again",
  async ({ page, request }) => {
    const user = await userWithOneRequest(page, request);
    const chat = new ChatPage(page);
    await runOutOfRequests(chat);

    // A Russian hint under the box, and a way to buy: straight to the plans.
    const hint = page.getByRole("status").filter({ hasText: "Запросы закончились" });
    await expect(hint).toBeVisible();
    await hint.getByRole("button", { name: "Обновить план" }).click();
    const plans = SubscriptionPanel.inModal(page);
    await expect(plans.view("Доступные подписки")).toHaveAttribute("aria-checked", "true");
    await expect(plans.plan("Стандарт")).toContainText("490 ₽ / 30 дней");
    await expect(plans.plan("Стандарт")).toContainText("100 Запросов");
    await expect(plans.plan("Безлимит")).toContainText("1 990 ₽ / 30 дней");
    await expect(plans.plan("Безлимит")).toContainText("Безлимитное количество запросов");

    // The payment page opens in a new tab; the payer pays there and comes back to /checkout.
    const tab = await plans.buy("Стандарт");
    const sandbox = new SandboxCheckoutPage(tab);
    await sandbox.expectShown("Стандарт");
    await expect(sandbox.amount).toContainText("490");
    await sandbox.pay();

    const checkout = new CheckoutPage(tab);
    await expect(checkout.succeeded.getByRole("heading", { name: "Оплата прошла" })).toBeVisible();
    await expect(checkout.succeeded).toContainText("Тариф «Стандарт»");
    await expect(checkout.added).toHaveText("Начислено запросов: 100, на 30 дней");
    // The pack is named after the plan bought (docs/billing.md "Balance").
    const card = checkout.limitCards.filter({
      has: tab.getByTestId("limit-name").getByText("Стандарт", { exact: true }),
    });
    await expect(card).toContainText("Доступные запросы: 100 из 100");
    await expect(card.getByTestId("limit-expiry")).toHaveText(await expiryOf(request, user, "subscription"));

    // Back in the chat, sending works again.
    await checkout.toChat.click();
    const paidChat = new ChatPage(tab);
    await expect(paidChat.textbox).toBeEnabled();
    await paidChat.ask("А если чек потерян, но есть выписка из банка?");
    await expect(paidChat.assistantMessages.last()).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });
    await expect(paidChat.textbox).toBeEnabled();

    // The first tab, shown again, reads the limits anew: its box is free too.
    await page.reload();
    await expect(chat.textbox).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: "Запросы закончились" })).toHaveCount(0);

    // The payment history names what was bought, and its receipt opens (docs/billing.md "Payments").
    await page.goto("/subscription");
    const row = page.getByTestId("payment-row").first();
    await expect(row).toContainText("Стандарт");
    await expect(row).toContainText("490 ₽");
    await expect(row.getByTestId("payment-status")).toHaveText("оплачен");
    const receiptTab = page.waitForEvent("popup");
    await row.getByRole("link", { name: "Чек" }).click();
    const receipt = await receiptTab;
    await expect(receipt.getByTestId("receipt-item")).toHaveText("Пакет запросов «Стандарт» сервиса «Ясно»");
    await expect(receipt.getByTestId("receipt-email")).toHaveText(user.email);
  },
);

test("a payment canceled in the sandbox grants nothing: /checkout says so and the box stays disabled", async ({
  page,
  request,
}) => {
  await userWithOneRequest(page, request);
  const chat = new ChatPage(page);
  await runOutOfRequests(chat);

  await page.getByRole("button", { name: "Обновить план" }).last().click();
  const tab = await SubscriptionPanel.inModal(page).buy("Старт");
  const sandbox = new SandboxCheckoutPage(tab);
  await sandbox.expectShown("Старт");
  await sandbox.cancel();

  const checkout = new CheckoutPage(tab);
  await expect(checkout.canceled.getByRole("heading", { name: "Оплата отменена" })).toBeVisible();
  await expect(checkout.canceled).toContainText("Деньги не списаны.");
  await page.reload();
  await expect(chat.textbox).toBeDisabled();
});
