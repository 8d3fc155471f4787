import { expect, test } from "@playwright/test";
import { registerUser, signIn } from "./pages/registered-user";
import { SharePage } from "./pages/share";
import { createTopic, SidebarPage } from "./pages/sidebar";

test.describe("sharing a topic", () => {
  test("the link opens the history in a signed-out browser; revoking it closes it", async ({
    page,
    request,
    browser,
  }) => {
    const user = await registerUser(request);
    await createTopic(request, user, "Что такое залог?");
    await signIn(page, user);
    await page.goto("/");
    const sidebar = new SidebarPage(page);
    const share = new SharePage(page);

    const link = await share.createLink(sidebar, "Что такое залог?");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await share.dialog.getByRole("button", { name: "Копировать" }).click();
    await expect(share.dialog.getByRole("button", { name: "Скопировано" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Someone without an account, on a phone.
    const guest = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "ru-RU" });
    const guestPage = await guest.newPage();
    await guestPage.goto(link);
    await expect(guestPage.getByRole("heading", { level: 1, name: "Что такое залог?" })).toBeVisible();
    await expect(guestPage.getByTestId("message-user")).toHaveText("Что такое залог?");
    await expect(guestPage.getByTestId("message-assistant")).not.toBeEmpty();
    await expect(guestPage.getByRole("link", { name: "Попробовать Ясно" }).last()).toHaveAttribute("href", "/register");
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // No sign-in layout, no app header: the page stands alone.
    await expect(guestPage.getByTestId("sidebar")).toHaveCount(0);

    await share.dialog.getByRole("button", { name: "Отключить ссылку" }).click();
    await expect(share.dialog.getByText("Ссылка отключена")).toBeVisible();
    const revoked = await guestPage.reload();
    expect(revoked?.status()).toBe(404);
    await share.expectGone(guestPage, "Ссылка отключена владельцем");
    await guest.close();
  });

  test("a law chat's new link ends in 7 days; once expired its page says so with 410", async ({
    page,
    request,
    browser,
  }) => {
    const user = await registerUser(request);
    await createTopic(request, user, "Как оспорить штраф?");
    await signIn(page, user);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const sidebar = new SidebarPage(page);
    const share = new SharePage(page);
    await sidebar.openMenu("Как оспорить штраф?");
    await sidebar.menu.getByRole("menuitem", { name: "Поделиться" }).click();
    await expect(share.dialog.getByRole("radio", { name: "7 дней" })).toBeChecked();
    await share.dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await expect(share.dialog.getByTestId("share-expiry")).toContainText("Ссылка работает до");
    const link = await share.link.inputValue();

    // Seven days later: the link's end moved into the past in the Worker's own database.
    share.expireInDatabase(link);
    const guest = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: "ru-RU" });
    const guestPage = await guest.newPage();
    const expired = await guestPage.goto(link);
    expect(expired?.status()).toBe(410);
    await share.expectGone(guestPage, "Срок действия ссылки истёк");
    await guestPage.getByTestId("share-gone").getByRole("link", { name: "Попробовать Ясно" }).click();
    await expect(guestPage).toHaveURL(/\/register$/);
    await guest.close();
  });
});
