import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";

// docs/conversations.md "Voice" in the real app: Chromium's fake microphone, the real upload and
// the demo transcriber, the recording kept with the question and playable after a reload.

test.use({ permissions: ["microphone"] });

test("a voice question: recorded, transcribed into the box, sent with its recording, which plays from history", async ({
  page,
  request,
}) => {
  await signIn(page, await registerUser(request));
  const chat = new ChatPage(page);
  await chat.startNewChat("gpt");

  await page.getByRole("button", { name: "Записать вопрос голосом" }).click();
  await expect(page.getByRole("status", { name: "Идёт запись" })).toBeVisible();
  await expect(page.getByTestId("voice-timer")).toHaveText("0:01", { timeout: 5_000 });
  await page.getByRole("button", { name: "Закончить запись" }).click();

  // The demo transcriber says it is the demo; the text is there to be checked and changed.
  await expect(chat.textbox).toHaveValue(/^Демо-расшифровка/, { timeout: 15_000 });
  await expect(page.getByTestId("attachment-tray").getByTestId("file-chip")).toContainText("Голосовое сообщение.webm");
  await chat.textbox.fill("Можно ли вернуть задаток?");
  await chat.sendButton.click();
  await expect(chat.assistantMessages.last()).toContainText("Настоящие ответы появятся", { timeout: 30_000 });

  await page.reload();
  const audio = chat.userMessages.first().getByTestId("message-audio");
  await expect(audio).toBeVisible();
  const served = await audio.evaluate(async (el: HTMLAudioElement) => {
    const res = await fetch(el.src);
    return { status: res.status, type: res.headers.get("content-type"), size: (await res.arrayBuffer()).byteLength };
  });
  expect(served).toMatchObject({ status: 200, type: "audio/webm" });
  expect(served.size).toBeGreaterThan(1000);
  // It plays: the browser reads its metadata.
  await audio.evaluate((el: HTMLAudioElement) => {
    el.preload = "metadata";
    el.load();
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
});
