import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { acceptDisclaimers, registerUser, signIn } from "./pages/registered-user";

const ONE_DOCUMENT =
  "Вы можете прикрепить только один документ. Возможность загрузки нескольких документов станет доступна в " +
  "ближайшее время.";

// The smallest valid PNG (1×1, transparent): the Worker judges a file by its bytes.
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const txt = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text, "utf-8") });

test.describe("the chat view", () => {
  test.beforeEach(async ({ page, request }) => {
    const user = await registerUser(request);
    // The law mode's terms are their own test (disclaimer.spec.ts).
    await acceptDisclaimers(request, user);
    await signIn(page, user);
  });

  test("a question in a new chat: the reply grows while it streams and the URL becomes /chat/<id>", async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    // Main: the mode cards above the box, where the first question is typed.
    await expect(page.getByTestId("mode-picker")).toBeVisible();
    await chat.recordStreamLengths();

    await chat.ask("Можно ли вернуть товар без чека?");
    await expect(chat.textbox).toHaveValue("");
    await expect(chat.userMessages).toHaveText(["Можно ли вернуть товар без чека?"]);
    await expect(chat.streaming).toBeVisible();
    await expect(chat.stopButton).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/\d+$/);

    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("Это демо-модель «Ясно».", { timeout: 30_000 });
    await expect(reply).toContainText("Можно ли вернуть товар без чека?");
    // The mode's name for its model ("Ясно · <mode>"), never the model's id.
    await expect(reply.getByTestId("message-model")).toHaveText(/^Модель: Ясно · \S/);
    await expect(reply.getByTestId("message-model")).not.toContainText("yasno-demo");
    await expect(chat.streaming).toHaveCount(0);
    await expect(page.getByText("topic_id")).toHaveCount(0);

    // At least two different partial lengths were on screen before the whole reply.
    const finalLength = (await reply.locator(".markdown").textContent())!.length;
    const partial = (await chat.lengths()).filter((n) => n < finalLength);
    expect(new Set(partial).size).toBeGreaterThanOrEqual(2);

    // The page holds the topic: after a reload its history is there.
    await page.reload();
    await expect(chat.userMessages).toHaveText(["Можно ли вернуть товар без чека?"]);
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.assistantMessages).toContainText("Это демо-модель «Ясно».");
  });

  test("a reload in the middle of a reply picks it up live and sees it finish, once", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.recordStreamLengths({ persist: true });
    // A question of many short words: the demo model repeats it, so its reply runs longer.
    await chat.ask(
      "Я на днях купил в том же магазине у дома два новых телефона, но оба не работают и не включаются. Что мне " +
        "делать, куда идти, как быть и как мне вернуть за них все мои деньги?",
    );
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(chat.streaming).toContainText("демо-модель");
    const before = (await chat.lengths()).length;

    await page.reload();
    // The reply is still running on the server: the reopened topic shows it growing.
    await expect(chat.streaming).toBeVisible();
    await expect(chat.textbox).toBeDisabled();
    await expect(chat.assistantMessages).toContainText("Настоящие ответы появятся", { timeout: 30_000 });
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.streaming).toHaveCount(0);
    await expect(chat.textbox).toBeEnabled();
    const after = (await chat.lengths()).slice(before);
    expect(after.length).toBeGreaterThanOrEqual(1);
    // Each chunk once: the final text has no repeated parts.
    const text = (await chat.assistantMessages.textContent())!;
    expect(text.split("Это демо-модель").length).toBe(2);
  });

  test("Stop ends the reply; what was said stays, marked «Ответ прерван», after a reload too", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.ask(
      "Я на днях купил в том же магазине у дома два новых телефона, но оба не работают и не включаются. Что мне " +
        "делать, куда идти, как быть и как мне вернуть за них все мои деньги?",
    );
    await expect(chat.streaming).toContainText("демо-модель");
    await chat.stopButton.click();
    const reply = chat.assistantMessages.last();
    await expect(reply.getByTestId("message-partial")).toHaveText("Ответ прерван");
    await expect(reply).not.toContainText("Настоящие ответы появятся");
    await expect(chat.textbox).toBeEnabled();
    await page.reload();
    await expect(chat.assistantMessages.last().getByTestId("message-partial")).toHaveText("Ответ прерван");
  });

  test("the list stays at the latest message; scrolled up, a button brings it back", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 640 });
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.ask("Как вернуть деньги за товар, который сломался через неделю после покупки?");
    await expect(chat.assistantMessages.last()).toContainText("Настоящие ответы появятся", { timeout: 30_000 });
    const scroller = page.locator(".chat-page__scroll");
    const distanceToEnd = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(distanceToEnd).toBeLessThan(50);
    const jump = page.getByRole("button", { name: "К последнему сообщению" });
    await expect(jump).toHaveCount(0);

    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(jump).toBeVisible();
    await jump.click();
    await expect.poll(distanceToEnd).toBeLessThan(50);
    await expect(jump).toHaveCount(0);
  });

  test("two documents at once: the one-document message, nothing attached", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.fileInput.setInputFiles([txt("первый.txt", "Первый документ"), txt("второй.txt", "Второй документ")]);
    await expect(chat.notices.last()).toHaveText(ONE_DOCUMENT);
    await expect(chat.fileChips).toHaveCount(0);
    await expect(chat.thumbnails).toHaveCount(0);
  });

  test("an image shows as a thumbnail and a document as a chip; the reply has read both", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.fileInput.setInputFiles([
      { name: "фото.png", mimeType: "image/png", buffer: PNG_1X1 },
      txt("договор.txt", "Договор аренды квартиры между сторонами на один год"),
    ]);
    await expect(chat.thumbnails).toHaveCount(1);
    await expect(chat.thumbnails.locator("img")).toHaveAttribute("alt", "фото.png");
    await expect(chat.fileChips).toHaveCount(1);
    await expect(chat.fileChips).toContainText("договор.txt");
    // Uploaded: the chip shows the type and size instead of "Загружается…".
    await expect(chat.fileChips).toContainText("TXT ·");

    await chat.ask("Что в договоре?");
    await expect(chat.fileChips).toHaveCount(0);
    await expect(chat.userMessages.last().getByRole("img", { name: "фото.png" })).toBeVisible();
    await expect(chat.userMessages.last().getByTestId("file-chip")).toContainText("договор.txt");
    const reply = chat.assistantMessages.last();
    await expect(reply).toContainText("«договор.txt»", { timeout: 30_000 });
    await expect(reply).toContainText("Договор аренды квартиры");
    // The demo answers with a table of what it received: the images' row says one.
    await expect(reply.locator("tr", { hasText: "Изображения" }).locator("td").last()).toHaveText("1");
    // After the reply the history's signed URLs replace the local previews, and they load.
    const image = chat.userMessages.last().locator("img");
    await expect(image).toHaveAttribute("src", /\/api\/v2\/attachments\/\d+\/file\?/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  test("a file the server refuses shows its reason", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.fileInput.setInputFiles([
      { name: "программа.pdf", mimeType: "application/pdf", buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
    ]);
    await expect(chat.fileChips).toContainText("Неподдерживаемый тип файла");
  });

  test("a 375 px phone: the page never scrolls sideways, the composer stays in view", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const chat = new ChatPage(page);
    await chat.startNewChat();
    await chat.ask(`Очень длинное слово без пробелов: ${"Юридическийтермин".repeat(12)}`);
    await expect(chat.assistantMessages.last()).toContainText("Настоящие ответы появятся", { timeout: 30_000 });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.body).toBeLessThanOrEqual(widths.client);
    await expect(chat.textbox).toBeInViewport();
    await expect(chat.sendButton).toBeInViewport();
    const bubble = await chat.userMessages.last().boundingBox();
    expect(bubble!.x + bubble!.width).toBeLessThanOrEqual(375);
  });
});
