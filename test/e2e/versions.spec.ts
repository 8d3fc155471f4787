import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";

// docs/conversations.md "Versions" and "Continue" in the real app against the demo model.

const END = "Настоящие ответы появятся";

test.describe("versions and continue", () => {
  test("another reply is a second version: ‹ 1/2 › switches back, and the choice is kept after a reload", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const id = await createTopic(request, user, "Что такое аренда?");
    await signIn(page, user);
    const chat = new ChatPage(page);
    await chat.goto(`/chat/${id}`);
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText(END);

    await reply.getByRole("button", { name: "Другой ответ" }).click();
    await expect(chat.streaming).toBeVisible();
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.versionOf(chat.assistantMessages.last())).toHaveText("2/2", { timeout: 30_000 });
    await expect(chat.assistantMessages.last()).toContainText(END);

    await chat.previousVersion(chat.assistantMessages.last());
    await expect(chat.versionOf(chat.assistantMessages.last())).toHaveText("1/2");
    await page.reload();
    await expect(chat.versionOf(chat.assistantMessages.last())).toHaveText("1/2");
  });

  test("an edited question is a new version with its own reply; the old one is a click away", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const id = await createTopic(request, user, "Что такое аренда?");
    await signIn(page, user);
    const chat = new ChatPage(page);
    await chat.goto(`/chat/${id}`);
    await expect(chat.assistantMessages.last()).toContainText(END);

    await chat.editQuestion(chat.userMessages.first(), "Что такое ипотека?");
    await expect(chat.userMessages.first()).toContainText("Что такое ипотека?");
    // The demo model quotes the question it was given: the new one.
    await expect(chat.assistantMessages.last()).toContainText("«Что такое ипотека?»", { timeout: 30_000 });
    await expect(chat.versionOf(chat.userMessages.first())).toHaveText("2/2");

    await chat.previousVersion(chat.userMessages.first());
    await expect(chat.userMessages.first()).toContainText("Что такое аренда?");
    await expect(chat.assistantMessages.last()).toContainText("«Что такое аренда?»");
  });

  test("a stopped reply goes on with «Продолжить ответ» in the same message, whole", async ({ page, request }) => {
    await signIn(page, await registerUser(request));
    const chat = new ChatPage(page);
    await chat.startNewChat("gpt");
    await chat.ask(
      "Расскажи подробно, как выбрать квартиру для покупки и на что смотреть при осмотре, в документах и у продавца",
    );
    await expect(chat.streaming).toContainText("демо-модель");
    await chat.stopButton.click();
    const cut = chat.assistantMessages.last();
    await expect(cut.getByTestId("message-partial")).toBeVisible();
    await expect(cut).not.toContainText(END);

    await cut.getByRole("button", { name: "Продолжить ответ" }).click();
    await expect(chat.assistantMessages.last()).toContainText(END, { timeout: 30_000 });
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.assistantMessages.last().getByTestId("message-partial")).toHaveCount(0);
    const text = (await chat.assistantMessages.last().textContent())!;
    expect(text.split("Это демо-модель").length).toBe(2);
    await page.reload();
    await expect(chat.assistantMessages.last()).toContainText(END);
    await expect(chat.assistantMessages.last().getByTestId("message-partial")).toHaveCount(0);
  });
});
