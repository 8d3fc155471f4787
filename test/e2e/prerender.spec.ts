import { expect, test } from "@playwright/test";

// The login and share pages come with their first screen in the HTML (web/build/prerender-pages.ts);
// the app takes its place once its page has rendered.
test.describe("prerendered first screens", () => {
  test("/login: the form is in the HTML, and the app's own form replaces it", async ({ page, request }) => {
    const html = await (await request.get("/login")).text();
    expect(html).toContain('<div id="prerendered" inert>');
    expect(html).toMatch(/<h1[^>]*>Вход<\/h1>/);

    await page.goto("/login");
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход");
    await page.getByLabel("E-mail").fill("someone@example.ru");
    await expect(page.getByLabel("E-mail")).toHaveValue("someone@example.ru");
  });

  test("a share link: the bar is in the HTML, then the app says what it found", async ({ page, request }) => {
    const html = await (await request.get("/share/nosuchlink")).text();
    expect(html).toContain("Только чтение");

    await page.goto("/share/nosuchlink");
    await expect(page.getByTestId("share-error")).toHaveText("Ошибка загрузки сообщения, повторите попытку позже.");
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Попробовать Ясно" })).toHaveCount(2);
  });
});
