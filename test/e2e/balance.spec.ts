import { expect, test } from "@playwright/test";
import { adminApi } from "./pages/subscription";
import { ChatPage } from "./pages/chat";
import { acceptDisclaimers, registerUser, signIn } from "./pages/registered-user";

// docs/billing.md "Balance": the header's chip counts down with each send, turns amber at 3 and
// offers the plans, before the text box locks at 0.

test("the balance chip counts down with each send and turns amber with «Пополнить»", async ({ page, request }) => {
  const user = await registerUser(request);
  await acceptDisclaimers(request, user);
  await (await adminApi(request)).setRequests(user.email, 5);
  await signIn(page, user);
  const chat = new ChatPage(page);
  await chat.startNewChat("gpt");
  const chip = page.getByTestId("balance-chip");
  await expect(chip).toHaveText("Осталось 5 запросов");
  await expect(chip).toHaveAttribute("data-tone", "normal");

  await chat.ask("Первый вопрос");
  await expect(chip).toHaveText("Осталось 4 запроса", { timeout: 30_000 });
  await expect(chat.assistantMessages.last()).toContainText("Настоящие ответы появятся", { timeout: 30_000 });
  await chat.ask("Второй вопрос");
  await expect(chip).toContainText("Осталось 3 запроса", { timeout: 30_000 });
  await expect(chip).toHaveAttribute("data-tone", "low");
  await chip.getByRole("button", { name: "Пополнить" }).click();
  await expect(page.getByRole("radio", { name: "Доступные подписки" })).toHaveAttribute("aria-checked", "true");
});
