import { expect, test, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { SandboxCheckoutPage } from "./pages/checkout";
import { registerUser, signIn } from "./pages/registered-user";
import { adminApi, SubscriptionPanel } from "./pages/subscription";

// Issue 29 «Paying fairly, and seeing it»: a continuation costs nothing more, «Купить» names the
// plan, the window follows the payment in the other tab, and an abandoned payment can be paid or
// canceled from «История платежей» (docs/payments.md "An abandoned payment").

const END = "Настоящие ответы появятся";
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

const balance = (page: Page) => page.getByTestId("balance-text").first();

/** A plan's card by its name alone («Про» is in «Запросов» too). */
const planCard = (panel: SubscriptionPanel, name: string) =>
  panel.planCards.filter({ has: panel.page.getByText(name, { exact: true }) });

/** /subscription on «Доступные подписки». */
async function plansPage(page: Page) {
  await page.goto("/subscription");
  const panel = new SubscriptionPanel(page, page.getByTestId("subscription-panel"));
  await panel.view("Доступные подписки").click();
  await expect(panel.planCards.first()).toBeVisible();
  return panel;
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a stopped reply goes on for free, even with no request left; a new reply's hint says it takes one", async ({
      page,
      request,
    }) => {
      const user = await registerUser(request);
      await (await adminApi(request)).setRequests(user.email, 1);
      await signIn(page, user);
      const chat = new ChatPage(page);
      await chat.startNewChat("gpt");
      await chat.ask("Расскажи подробно, как выбрать квартиру и на что смотреть в документах и у продавца");
      await expect(chat.streaming).toContainText("демо-модель");
      await chat.stopButton.click();
      const cut = chat.assistantMessages.last();
      await expect(cut.getByTestId("message-partial")).toBeVisible();
      await expect(balance(page)).toHaveText("Запросы закончились");

      await cut.getByRole("button", { name: "Продолжить ответ" }).click();
      await expect(chat.assistantMessages.last()).toContainText(END, { timeout: 30_000 });
      await expect(chat.assistantMessages.last().getByTestId("message-partial")).toHaveCount(0);
      // Read again after the reply: still the one request the reply took.
      await page.reload();
      await expect(chat.assistantMessages.last()).toContainText(END);
      await expect(balance(page)).toHaveText("Запросы закончились");

      // «Другой ответ» and «Изменить вопрос» are new replies: their hints say what they take.
      const regenerate = chat.assistantMessages.last().getByRole("button", { name: "Другой ответ" });
      await regenerate.focus();
      await expect(regenerate).toHaveAccessibleDescription("Другой ответ · займёт 1 запрос");
      const edit = chat.userMessages.last().getByRole("button", { name: "Изменить вопрос" });
      await chat.userMessages.last().hover();
      await edit.hover();
      await expect(edit).toHaveAccessibleDescription("Изменить вопрос · займёт 1 запрос");
    });

    test("«Купить» names the plan; the window waits for the other tab and says «Оплата прошла»", async ({
      page,
      request,
    }) => {
      await signIn(page, await registerUser(request));
      const panel = await plansPage(page);
      await expect(panel.buyButton).toBeDisabled();
      await expect(panel.buyButton).toHaveText("Купить");
      await expect(page.getByTestId("buy-hint")).toHaveText("Выберите тариф выше, и кнопка «Купить» станет доступна.");

      await planCard(panel, "Старт").click();
      await expect(panel.buyButton).toHaveText("Купить «Старт» за 199 ₽");
      await expect(page.getByTestId("buy-hint")).toHaveCount(0);
      const popup = page.waitForEvent("popup");
      await panel.buyButton.click();
      const tab = await popup;
      const watch = page.getByTestId("payment-watch");
      await expect(watch).toContainText("Ждём оплату «Старт» в другой вкладке…");

      const sandbox = new SandboxCheckoutPage(tab);
      await sandbox.expectShown("Старт");
      await sandbox.pay();
      await expect(watch).toHaveAttribute("data-state", "succeeded", { timeout: 20_000 });
      await expect(watch).toContainText("Оплата прошла");
      await tab.close();

      // A payment canceled in the other tab says so here too.
      await planCard(panel, "Стандарт").click();
      const second = page.waitForEvent("popup");
      await panel.buyButton.click();
      const secondTab = await second;
      await expect(watch).toContainText("Ждём оплату «Стандарт» в другой вкладке…");
      await new SandboxCheckoutPage(secondTab).cancel();
      await expect(watch).toHaveAttribute("data-state", "canceled", { timeout: 20_000 });
      await expect(watch).toContainText("Оплата отменена");
    });

    test("an abandoned payment in «История платежей» can be paid later or canceled", async ({ page, request }) => {
      await signIn(page, await registerUser(request));
      const panel = await plansPage(page);
      // Two payments left unpaid: their tabs closed.
      for (const plan of ["Стандарт", "Про"]) {
        await planCard(panel, plan).click();
        const popup = page.waitForEvent("popup");
        await panel.buyButton.click();
        const tab = await popup;
        await new SandboxCheckoutPage(tab).expectShown(plan);
        await tab.close();
      }
      await panel.view("Активные подписки").click();
      const rows = page.getByTestId("payment-row");
      const standard = rows.filter({ has: page.getByText("Стандарт", { exact: true }) });
      const pro = rows.filter({ has: page.getByText("Про", { exact: true }) });
      await expect(standard.getByTestId("payment-status")).toHaveText("ожидает оплаты");
      await expect(standard).toContainText(/оплатить можно до \d\d:\d\d/);

      await standard.getByRole("button", { name: "Отменить платёж «Стандарт»" }).click();
      await expect(standard.getByTestId("payment-status")).toHaveText("отменён");
      await expect(standard.getByRole("button")).toHaveCount(0);

      const popup = page.waitForEvent("popup");
      await pro.getByRole("button", { name: "Оплатить «Про»" }).click();
      const tab = await popup;
      const sandbox = new SandboxCheckoutPage(tab);
      await sandbox.expectShown("Про");
      await sandbox.pay();
      await page.bringToFront();
      await page.reload();
      await panel.view("Активные подписки").click();
      await expect(pro.getByTestId("payment-status")).toHaveText("оплачен");
      await expect(pro.getByRole("button")).toHaveCount(0);
      const pack = page.getByTestId("limit-card").filter({ has: page.getByTestId("limit-name").getByText("Про") });
      await expect(pack).toContainText("Доступные запросы: 300 из 300");
    });
  });
}
