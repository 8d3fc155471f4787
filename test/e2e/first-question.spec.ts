import { expect, test } from "@playwright/test";
import { RegisterPage } from "./pages/auth";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";
import { SidebarPage } from "./pages/sidebar";

// Issue 29, «Asking the first question»: Main is the mode cards and the text box on one screen.

const sizes = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 375, height: 740 } },
];

for (const { name, viewport } of sizes) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test("a new user types the first question under the mode cards and sends it without another click", async ({
      page,
    }) => {
      const register = new RegisterPage(page);
      await register.goto();
      const email = `e2e-first-${Date.now().toString(36)}-${name}@example.com`;
      await register.register({ name: "Анна", email, password: "e2e-password-1" });

      // Main: the four cards with the default mode highlighted, and the text box, focused on a desktop.
      const chat = new ChatPage(page);
      await expect(page).toHaveURL(/\/$/);
      await expect(chat.modeCard("explain_law")).toHaveAttribute("aria-pressed", "true");
      for (const mode of ["gpt", "explain_estate", "explain_img"])
        await expect(chat.modeCard(mode)).toHaveAttribute("aria-pressed", "false");
      await expect(chat.textbox).toBeVisible();
      if (name === "desktop") await expect(chat.textbox).toBeFocused();

      // The law mode's terms are above the box, not a modal: typing goes on, and a send waits for them.
      await expect(chat.terms).toBeVisible();
      await expect(chat.terms).toContainText("не являются юридической консультацией");
      await chat.ask("Можно ли вернуть товар без чека?");
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(chat.textbox).toHaveValue("Можно ли вернуть товар без чека?");
      await expect(chat.terms.getByRole("alert")).toHaveText(
        "Чтобы отправить сообщение в этом режиме, примите его условия использования.",
      );
      await expect(chat.userMessages).toHaveCount(0);

      // «Принимаю» sends what was typed; the chat gets its own address.
      await chat.acceptTerms();
      await expect(chat.userMessages).toHaveText(["Можно ли вернуть товар без чека?"]);
      await expect(page).toHaveURL(/\/chat\/\d+$/);
      await expect(chat.assistantMessages.last()).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });

      // «Новый чат» opens the same screen in the current mode, its terms accepted once and for all.
      const sidebar = new SidebarPage(page);
      if (name === "phone") await sidebar.drawerButton.click();
      await sidebar.root.getByRole("button", { name: "Новый чат" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(chat.modeCard("explain_law")).toHaveAttribute("aria-pressed", "true");
      await expect(chat.textbox).toHaveValue("");
      await expect(chat.terms).toHaveCount(0);
      await expect(chat.userMessages).toHaveCount(0);
    });
  });
}

test("picking another card keeps the typed question, shows that mode's terms and sends to it", async ({
  page,
  request,
}) => {
  await signIn(page, await registerUser(request));
  const chat = new ChatPage(page);
  await page.goto("/");
  await chat.textbox.fill("Как проверить квартиру перед покупкой?");
  await chat.pickMode("explain_estate");
  await expect(chat.textbox).toHaveValue("Как проверить квартиру перед покупкой?");
  await expect(chat.textbox).toBeFocused();
  await expect(chat.terms).toHaveAccessibleName("Условия использования режима «Недвижимость»");

  await chat.terms.getByRole("button", { name: "Принимаю" }).click();
  await expect(chat.terms).toHaveCount(0);
  // Accepted before any send: nothing went by itself.
  await expect(chat.userMessages).toHaveCount(0);
  await chat.sendButton.click();
  await expect(chat.userMessages).toHaveText(["Как проверить квартиру перед покупкой?"]);
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(chat.assistantMessages.last()).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });
  // The general chat has no terms: its card takes the question straight away.
  await page.goto("/");
  await chat.pickMode("gpt");
  await expect(chat.terms).toHaveCount(0);
});

test("a mode has one name on its card, in its terms, in the sidebar's filter and under its replies", async ({
  page,
  request,
}) => {
  await signIn(page, await registerUser(request));
  const chat = new ChatPage(page);
  await page.goto("/");
  await expect(chat.modeCard("explain_law")).toContainText("Объясни закон");
  await expect(chat.modeCard("explain_img")).toContainText("Объясни изображение");
  await expect(chat.terms).toHaveAccessibleName("Условия использования режима «Объясни закон»");
  await chat.acceptTerms();
  await chat.ask("Что такое аренда?");
  await expect(chat.assistantMessages.last().getByTestId("message-model")).toHaveText("Модель: Ясно · Объясни закон", {
    timeout: 30_000,
  });

  const sidebar = new SidebarPage(page);
  await sidebar.root.getByRole("combobox", { name: "Какие чаты показать" }).click();
  await expect(page.getByRole("option")).toHaveText([
    "Объясни закон",
    "Общий чат и «Объясни изображение»",
    "Недвижимость",
    "Все чаты",
  ]);
});
