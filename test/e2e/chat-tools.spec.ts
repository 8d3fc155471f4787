import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic, SidebarPage } from "./pages/sidebar";

// Issue 11's tools in the real app: the sidebar filter, export, and feedback on a reply.

test.describe("chat tools", () => {
  test("the sidebar filter lists every mode's chats by default, each with its mode's icon, or one mode's", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await createTopic(request, user, "Как расторгнуть договор?", "explain_law");
    await createTopic(request, user, "Как проверить квартиру?", "explain_estate");
    await signIn(page, user);
    await page.goto("/");
    const sidebar = new SidebarPage(page);

    await expect(sidebar.filter).toHaveText("Все чаты");
    await expect(sidebar.topic("Как проверить квартиру?")).toBeVisible();
    await expect(sidebar.topic("Как расторгнуть договор?")).toBeVisible();
    await expect(sidebar.root.locator(".topic-item__mode")).toHaveCount(2);
    await expect(sidebar.root.locator('.topic-item__mode[data-mode="explain_estate"]')).toHaveCount(1);

    await sidebar.chooseFilter("Недвижимость");
    await expect(sidebar.topic("Как расторгнуть договор?")).toHaveCount(0);
    await expect(sidebar.topic("Как проверить квартиру?")).toBeVisible();
  });

  test("a topic downloads as Markdown named after it, with the question and the reply", async ({ page, request }) => {
    const user = await registerUser(request);
    await createTopic(request, user, "Можно ли вернуть товар без чека?");
    await signIn(page, user);
    await page.goto("/");
    const sidebar = new SidebarPage(page);
    await sidebar.openMenu("Можно ли вернуть товар без чека?");
    const download = page.waitForEvent("download");
    await sidebar.menu.getByRole("menuitem", { name: "Скачать в Markdown" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Можно ли вернуть товар без чека.md");
    const text = await readFile((await file.path())!, "utf8");
    expect(text.startsWith("# Можно ли вернуть товар без чека?\n\n_Режим: Объясни закон · выгружено ")).toBe(true);
    expect(text).toContain("## Вы\n\nМожно ли вернуть товар без чека?");
    expect(text).toContain("## Ясно\n\n**Это демо-модель «Ясно».**");
  });

  test("👍 on a reply is kept: after a reload it is still chosen, and a second click takes it back", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const id = await createTopic(request, user, "Что такое аренда?");
    await signIn(page, user);
    await page.goto(`/chat/${id}`);
    const chat = new ChatPage(page);
    const up = chat.assistantMessages.last().getByRole("button", { name: "Хороший ответ" });
    await expect(up).toHaveAttribute("aria-pressed", "false");
    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(async () =>
        (
          await request.get(`/api/v2/topics/${id}/history`, { headers: { "jwt-token": user.record.access_token } })
        ).json(),
      )
      .toEqual(expect.arrayContaining([expect.objectContaining({ role: "assistant", feedback: "up" })]));
    await page.reload();
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "false");
  });
});
