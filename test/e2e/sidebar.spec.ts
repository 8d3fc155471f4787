import { expect, test } from "@playwright/test";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic, SidebarPage } from "./pages/sidebar";

test.describe("conversations sidebar", () => {
  test("a topic made through the API shows under Сегодня; renaming it through the menu sticks", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const id = await createTopic(request, user, "Можно ли вернуть товар без чека?");
    await signIn(page, user);
    await page.goto("/");
    const sidebar = new SidebarPage(page);

    const name = "Можно ли вернуть товар без чека?";
    await expect(sidebar.group("Сегодня").getByRole("link", { name })).toBeVisible();
    await sidebar.topic(name).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
    await expect(sidebar.topic(name)).toHaveAttribute("aria-current", "page");

    await sidebar.rename(name, "Возврат товара");
    await expect(sidebar.group("Сегодня").getByRole("link", { name: "Возврат товара" })).toBeVisible();
    await expect(sidebar.menu).toHaveCount(0);

    // The server has the new name.
    await page.reload();
    await expect(sidebar.group("Сегодня").getByRole("link", { name: "Возврат товара" })).toBeVisible();
  });

  test("Ctrl+B collapses and expands the sidebar; the sidebar_state cookie keeps it across a reload", async ({
    page,
    request,
    context,
  }) => {
    const user = await registerUser(request);
    await createTopic(request, user, "Можно ли расторгнуть договор аренды досрочно?");
    await signIn(page, user);
    await page.goto("/");
    const sidebar = new SidebarPage(page);
    await expect(sidebar.root).toHaveAttribute("data-state", "expanded");
    await expect.poll(async () => Math.round((await sidebar.root.boundingBox())?.width ?? 0)).toBe(350);
    // A long name ends in an ellipsis instead of widening the list.
    await expect(sidebar.topic("Можно ли расторгнуть договор аренды досрочно?")).toBeVisible();
    expect(await sidebar.listOverflow()).toBeLessThanOrEqual(0);

    await page.keyboard.press("Control+b");
    await expect(sidebar.root).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => Math.round((await sidebar.root.boundingBox())?.width ?? 0)).toBe(58);
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    // Seven days, give or take the seconds the test took.
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 604800))).toBeLessThan(120);

    await page.reload();
    await expect(sidebar.root).toHaveAttribute("data-state", "collapsed");

    await page.keyboard.press("Control+b");
    await expect(sidebar.root).toHaveAttribute("data-state", "expanded");
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
    await page.reload();
    await expect(sidebar.root).toHaveAttribute("data-state", "expanded");

    // The button does the same.
    await sidebar.toggle.click();
    await expect(sidebar.root).toHaveAttribute("data-state", "collapsed");
  });

  test.describe("on a 375 px phone", () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("the sidebar is a drawer: ☰ opens it, the backdrop closes it, picking a topic closes it", async ({
      page,
      request,
    }) => {
      const user = await registerUser(request);
      await createTopic(request, user, "Как оформить налоговый вычет?");
      await signIn(page, user);
      await page.goto("/");
      const sidebar = new SidebarPage(page);

      await expect(sidebar.root).toBeHidden();
      await sidebar.drawerButton.click();
      await expect(sidebar.root).toBeVisible();
      await expect.poll(async () => Math.round((await sidebar.root.boundingBox())?.width ?? 0)).toBe(288);
      await expect(sidebar.root.getByRole("button", { name: "Новый чат" })).toBeVisible();

      await sidebar.backdrop.click({ position: { x: 360, y: 400 } });
      await expect(sidebar.root).toBeHidden();

      await sidebar.drawerButton.click();
      await sidebar.topic("Как оформить налоговый вычет?").click();
      await expect(page).toHaveURL(/\/chat\/\d+$/);
      await expect(sidebar.root).toBeHidden();

      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
});
