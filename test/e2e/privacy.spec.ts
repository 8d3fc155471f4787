import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { acceptDisclaimers, registerUser, signIn } from "./pages/registered-user";
import { SharePage } from "./pages/share";
import { SidebarPage } from "./pages/sidebar";

// docs/privacy.md "What the user sees", on the real Worker with its demo model, which answers with
// the question it was sent: the reply as stored (what a share link shows) is what the model read.

const NAME = "Паспорт 4506 123456: можно ли вернуть товар?";
const QUESTION = `${NAME}\nТелефоны +7 916 123-45-67 и 8 (495) 123-45-67.`;
const PASSPORT = "4506 123456";
const HIDDEN_PHONE = "+7 916 123-45-67";
const KEPT_PHONE = "8 (495) 123-45-67";

test(
  "personal data: the notice and a switch before sending, the values on screen and in history, placeholders on " +
    "a share link",
  async ({ page, request, browser }) => {
    const user = await registerUser(request);
    await acceptDisclaimers(request, user);
    await signIn(page, user);
    const chat = new ChatPage(page);
    await chat.startNewChat("explain_law");

    await chat.textbox.fill(QUESTION);
    await expect(chat.privacySummary).toHaveText("Скроем от модели: паспорт, 2 телефона");
    await chat.keepAsIs("Телефон", KEPT_PHONE);
    await expect(chat.privacySummary).toHaveText("Скроем от модели: паспорт, телефон");
    await chat.sendButton.click();
    await expect(chat.privacySummary).toHaveCount(0);

    // The reply on screen has the values back where the model wrote placeholders.
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });
    await expect(chat.streaming).toHaveCount(0);
    await expect(reply).toContainText(
      `Паспорт ${PASSPORT}: можно ли вернуть товар? Телефоны ${HIDDEN_PHONE} и ${KEPT_PHONE}.`,
    );
    await expect(reply).not.toContainText("[Паспорт");
    await expect(reply).not.toContainText("[Телефон");
    const question = chat.userMessages.last();
    await expect(question.locator(".message__bubble")).toHaveText(QUESTION);
    await expect(question.getByTestId("message-masked")).toHaveText("Скрыли от модели: паспорт, телефон");

    // History, after a reload, is the same (the reloaded page's first load is slow on a loaded machine).
    await page.reload();
    await expect(chat.userMessages.locator(".message__bubble")).toHaveText([QUESTION], { timeout: 20_000 });
    await expect(chat.maskedNotes).toHaveText(["Скрыли от модели: паспорт, телефон"]);
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.assistantMessages).toContainText(
      `Паспорт ${PASSPORT}: можно ли вернуть товар? Телефоны ${HIDDEN_PHONE} и ${KEPT_PHONE}.`,
    );

    // A share link, for seven days, the hidden data not shown.
    const sidebar = new SidebarPage(page);
    const share = new SharePage(page);
    await sidebar.openMenu(NAME);
    await sidebar.menu.getByRole("menuitem", { name: "Поделиться" }).click();
    // A law chat's link starts at seven days (docs/web.md "Share modal").
    await expect(share.dialog.getByRole("radio", { name: "7 дней" })).toHaveAttribute("aria-checked", "true");
    await expect(share.dialog.getByRole("checkbox", { name: "Показать скрытые персональные данные" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await share.dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await expect(share.link).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
    await expect(share.dialog.getByTestId("share-expiry")).toHaveText(
      /^Ссылка работает до \d{1,2} [а-я]+ \d{4} г\. в \d\d:\d\d\.$/,
    );
    const link = await share.link.inputValue();

    // Someone with the link sees placeholders: the question as stored, and the reply as the model
    // wrote it: it had the placeholders and the phone kept as is, never the hidden values.
    const guest = await browser.newContext({ locale: "ru-RU" });
    const guestPage = await guest.newPage();
    await guestPage.goto(link);
    await expect(
      guestPage.getByRole("heading", { level: 1, name: "Паспорт [Паспорт 1]: можно ли вернуть товар?" }),
    ).toBeVisible();
    await expect(guestPage.getByTestId("message-user")).toHaveText(
      `Паспорт [Паспорт 1]: можно ли вернуть товар?\nТелефоны [Телефон 1] и ${KEPT_PHONE}.`,
    );
    const shared = guestPage.getByTestId("message-assistant");
    await expect(shared).toContainText(
      `Паспорт [Паспорт 1]: можно ли вернуть товар? Телефоны [Телефон 1] и ${KEPT_PHONE}.`,
    );
    for (const value of [PASSPORT, HIDDEN_PHONE]) {
      await expect(guestPage.locator("body")).not.toContainText(value);
    }
    await expect(guestPage.getByTestId("message-masked")).toHaveCount(0);
    await guest.close();
  },
);
