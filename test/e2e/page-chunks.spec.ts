import { expect, test } from "@playwright/test";

// The app's start asks for the layout and the page an address opens side by side, not the page
// only once the layout has rendered (web/src/app/router.tsx `preloadPage`).
test.describe("a page's chunks on the first load", () => {
  test("/login: the page's chunk is asked for while its layout's is still on the way", async ({ page }) => {
    const seen: string[] = [];
    let pageAsked!: () => void;
    const pageRequest = new Promise<void>((resolve) => {
      pageAsked = resolve;
    });
    await page.route(/\/assets\/LoginPage-[\w-]+\.js$/, async (route) => {
      seen.push("page asked");
      pageAsked();
      await route.continue();
    });
    // The layout's chunk is held until the page's is asked for (or 5 s, when it never is).
    await page.route(/\/assets\/AuthLayout-[\w-]+\.js$/, async (route) => {
      await Promise.race([pageRequest, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      seen.push("layout answered");
      await route.continue();
    });

    await page.goto("/login");
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход");
    expect(seen).toEqual(["page asked", "layout answered"]);
  });

  test("a signed-out visitor of /chat loads the login page's chunks, not the chat's", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      const chunk = /\/assets\/(\w+)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (chunk) asked.push(chunk);
    });
    await page.goto("/chat");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход");
    expect(asked).toContain("LoginPage");
    expect(asked).not.toContain("ChatPage");
    expect(asked).not.toContain("MainLayout");
  });
});
