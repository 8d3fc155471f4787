import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";

test("the law mode's terms stand above the box before the first message, and only once", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  const chat = new ChatPage(page);
  await chat.startNewChat("explain_law");

  await expect(chat.terms).toContainText("Объясни закон");
  await expect(chat.terms).toContainText("не являются юридической консультацией");
  // A send before «Принимаю»: nothing is sent, the question stays in the box.
  await chat.ask("Можно ли вернуть товар без чека?");
  await expect(chat.textbox).toHaveValue("Можно ли вернуть товар без чека?");
  await expect(chat.userMessages).toHaveCount(0);

  // "Принимаю": the question goes.
  await chat.acceptTerms();
  await expect(chat.userMessages).toHaveText(["Можно ли вернуть товар без чека?"]);
  await expect(chat.assistantMessages.last()).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });

  // The next message in the topic goes straight away.
  await chat.ask("А если чек потерян?");
  await expect(chat.userMessages).toHaveCount(2);
  await expect(chat.terms).toHaveCount(0);
  await expect(chat.assistantMessages).toHaveCount(2, { timeout: 30_000 });

  // The server remembers: a new law chat on a freshly loaded page asks nothing.
  await chat.startNewChat("explain_law");
  await chat.ask("Как оформить наследство?");
  await expect(chat.userMessages).toHaveText(["Как оформить наследство?"]);
  await expect(chat.terms).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/\d+$/);

  // Real estate has terms of its own.
  await chat.startNewChat("explain_estate");
  await expect(chat.terms).toContainText("Недвижимость");
});
