import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./pages/axe";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic, SidebarPage } from "./pages/sidebar";
import type { APIRequestContext } from "@playwright/test";

// Issue 29, «Never losing a chat»: the sidebar never hides the chat on screen, and its filter
// changes only when the user changes it.

async function lawAndImageChats(page: Page, request: APIRequestContext) {
  const user = await registerUser(request);
  const law = await createTopic(request, user, "Можно ли расторгнуть аренду досрочно?", "explain_law");
  const image = await createTopic(request, user, "Что изображено на схеме?", "explain_img");
  await signIn(page, user);
  return { user, law, image };
}

for (const size of [
  { name: "desktop 1280 px", viewport: { width: 1280, height: 800 }, phone: false },
  { name: "phone 375 px", viewport: { width: 375, height: 740 }, phone: true },
]) {
  test.describe(`the chat on screen is always in the sidebar (${size.name})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.phone, isMobile: size.phone });

    test("after an image chat the open law chat is listed and marked; a filter keeps it shown", async ({
      page,
      request,
    }) => {
      const { law, image } = await lawAndImageChats(page, request);
      const sidebar = new SidebarPage(page);
      const openSidebar = async () => {
        if (size.phone) await sidebar.drawerButton.click();
        await expect(sidebar.root).toBeVisible();
      };

      await page.goto(`/chat/${image}`);
      await expect(page.getByTestId("message-user").first()).toHaveText("Что изображено на схеме?");
      await page.goto(`/chat/${law}`);
      await expect(page.getByTestId("message-user").first()).toHaveText("Можно ли расторгнуть аренду досрочно?");
      await openSidebar();
      await expect(sidebar.filter).toHaveText("Все чаты");
      await expect(sidebar.topic("Можно ли расторгнуть аренду досрочно?")).toHaveAttribute("aria-current", "page");
      await expect(sidebar.topic("Что изображено на схеме?")).toBeVisible();
      await expect(sidebar.root.getByTestId("topics-empty")).toHaveCount(0);

      // Narrowed to the general chats by the user: the law chat on screen still shows, apart, and stays marked.
      await sidebar.filter.click();
      await page.getByRole("option", { name: /изображени/i }).click();
      await expect(sidebar.filter).toHaveText(/изображени/i);
      await expect(
        sidebar.openTopic.getByRole("link", { name: "Можно ли расторгнуть аренду досрочно?" }),
      ).toHaveAttribute("aria-current", "page");
      await expect(sidebar.topic("Что изображено на схеме?")).toBeVisible();

      // Opening the image chat from the list: the filter stays as the user left it, the law chat goes back in the list.
      await sidebar.topic("Что изображено на схеме?").click();
      await expect(page).toHaveURL(new RegExp(`/chat/${image}$`));
      await openSidebar();
      await expect(sidebar.filter).toHaveText(/изображени/i);
      await expect(sidebar.openTopic).toHaveCount(0);
      await expect(sidebar.topic("Что изображено на схеме?")).toHaveAttribute("aria-current", "page");
    });
  });
}

test("«В папку…» of an image chat offers the general chats' folders, never the law ones", async ({ page, request }) => {
  const { user, image } = await lawAndImageChats(page, request);
  const headers = { "jwt-token": user.record.access_token };
  for (const [mode, name] of [
    ["explain_law", "Суды"],
    ["gpt", "Разное"],
  ]) {
    const made = await request.post(`/api/v2/folders/${mode}/${encodeURIComponent(name!)}`, { headers });
    expect(made.status(), await made.text()).toBe(201);
  }
  await page.goto(`/chat/${image}`);
  const sidebar = new SidebarPage(page);
  await sidebar.openMenu("Что изображено на схеме?");
  await sidebar.menu.getByRole("menuitem", { name: "В папку…" }).press("ArrowRight");
  await expect(page.getByRole("menuitem", { name: "Разное" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Суды" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Разное" }).click();
  await expect(sidebar.menu).toHaveCount(0);
  await expect(sidebar.root.getByRole("alert")).toHaveCount(0);
});

for (const size of [
  { name: "desktop 1280 px", viewport: { width: 1280, height: 800 }, phone: false },
  { name: "phone 375 px", viewport: { width: 375, height: 740 }, phone: true },
]) {
  test.describe(`folders belong to a mode (${size.name})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.phone, isMobile: size.phone });

    test("a folder made under «Все чаты» is for the mode the user picks, shows it, and takes only its chats", async ({
      page,
      request,
    }) => {
      await lawAndImageChats(page, request);
      await page.goto("/");
      const sidebar = new SidebarPage(page);
      const openSidebar = async () => {
        if (size.phone) await sidebar.drawerButton.click();
        await expect(sidebar.root).toBeVisible();
      };
      await openSidebar();
      await expect(sidebar.filter).toHaveText("Все чаты");
      const folders = sidebar.root.getByRole("region", { name: "Папки" });

      const makeFolder = async (name: string, mode: string) => {
        await folders.getByRole("button", { name: "Новая папка" }).click();
        const dialog = page.getByRole("dialog", { name: "Новая папка" });
        await dialog.getByRole("textbox", { name: "Название папки" }).fill(name);
        await dialog.getByRole("radio", { name: mode }).click();
        await expect(dialog.getByRole("radio", { name: mode })).toBeChecked();
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole("button", { name: "Создать" }).click();
        await expect(dialog).toHaveCount(0);
        const item = folders
          .getByTestId("folder-item")
          .filter({ has: page.getByRole("button", { name, exact: true }) });
        await expect(item.getByRole("img", { name: `Режим: ${mode}` })).toBeVisible();
      };
      await makeFolder("Снимки", "Объясни изображение");
      await makeFolder("Договоры", "Объясни закон");

      // The image chat is offered the image mode's folder only, never the law one.
      await sidebar.openMenu("Что изображено на схеме?");
      await sidebar.menu.getByRole("menuitem", { name: "В папку…" }).press("ArrowRight");
      await expect(page.getByRole("menuitem", { name: "Снимки" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Договоры" })).toHaveCount(0);
      await page.getByRole("menuitem", { name: "Снимки" }).click();
      await expect(sidebar.menu).toHaveCount(0);
      await expect(sidebar.root.getByRole("alert")).toHaveCount(0);

      // In the folder, the chat is there.
      await folders.getByRole("button", { name: "Снимки", exact: true }).click();
      await expect(sidebar.root.getByText("Папка «Снимки»")).toBeVisible();
      await expect(sidebar.topic("Что изображено на схеме?")).toBeVisible();
      await expect(sidebar.topic("Можно ли расторгнуть аренду досрочно?")).toHaveCount(0);
    });
  });
}
