import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";
import { SharePage } from "./pages/share";
import { SidebarPage } from "./pages/sidebar";

// The whole path in one go, the way a user walks it: ask, watch the reply grow, find the
// topic under «Сегодня», rename it, share it, and open the link without an account.
test("ask → the reply streams → the topic is under «Сегодня» → rename → share → read signed out", async ({
  page,
  request,
  browser,
}) => {
  const user = await registerUser(request);
  await signIn(page, user);
  const chat = new ChatPage(page);
  const sidebar = new SidebarPage(page);
  const share = new SharePage(page);

  await chat.startNewChat("explain_law");
  await chat.recordStreamLengths();
  const question = "Можно ли вернуть товар без чека?";
  await chat.ask(question);
  // The first message in law mode: its terms come first, once.
  await chat.acceptTerms();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(chat.assistantMessages.last()).toContainText("демо-модель");
  expect(new Set(await chat.lengths()).size).toBeGreaterThanOrEqual(2);

  await expect(sidebar.group("Сегодня").getByRole("link", { name: question, exact: true })).toBeVisible();
  await sidebar.rename(question, "Возврат без чека");
  await expect(sidebar.group("Сегодня").getByRole("link", { name: "Возврат без чека", exact: true })).toBeVisible();

  const link = await share.createLink(sidebar, "Возврат без чека");
  const guest = await browser.newContext({ locale: "ru-RU" });
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByRole("heading", { level: 1, name: "Возврат без чека" })).toBeVisible();
  await expect(guestPage.getByTestId("message-user")).toHaveText(question);
  await expect(guestPage.getByTestId("message-assistant")).toContainText("демо-модель");
  await guest.close();
});
