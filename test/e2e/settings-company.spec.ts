import { expect, test } from "@playwright/test";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";
import { SettingsLayoutPage } from "./pages/settings-layout";

// Issue 29 «Settings, companies, legal pages»: the settings window has the company's section when
// the user has one, the company page uses the app's controls and saves only a change, and legal
// placeholders read grammatically.

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a company owner: «Компания» in the settings window, and /company with the app's controls", async ({
      page,
      request,
    }) => {
      const owner = await registerUser(request, "Ольга");
      const created = await request.post("/api/v2/companies/", {
        headers: { "jwt-token": owner.record.access_token },
        data: { name: "Ромашка" },
      });
      expect(created.status()).toBe(201);
      await signIn(page, owner);
      await page.goto("/");

      // One «Настройки» in the menu; the window has the company's tab, which leads to its page.
      const main = new MainLayoutPage(page);
      await main.userMenuButton.click();
      await expect(page.getByRole("menuitem")).toHaveText(["Настройки", "Темная тема", "Выйти"]);
      await page.getByRole("menuitem", { name: "Настройки" }).click();
      // (Radix draws a tab's label twice, one of them hidden for its width: the names are what counts.)
      await expect(main.settings.getByRole("tab")).toHaveCount(4);
      for (const [i, name] of ["Аккаунт", "Подписка", "Приватность", "Компания"].entries())
        await expect(main.settings.getByRole("tab").nth(i)).toHaveAccessibleName(name);
      await main.settings.getByRole("tab", { name: "Компания" }).click();
      await expect(main.settings.getByTestId("settings-company")).toContainText("Компания «Ромашка»");
      await main.settings.getByRole("link", { name: "Открыть страницу компании" }).click();
      await expect(page).toHaveURL(/\/company$/);
      await expect(main.settings).toHaveCount(0);

      // The pool speaks of itself, not of personal subscriptions; no browser select anywhere.
      const company = page.getByTestId("page-company");
      await expect(company.getByRole("heading", { name: "Компания «Ромашка»" })).toBeVisible();
      await expect(company).toContainText("В пуле компании пока нет запросов: купите тариф для компании.");
      await expect(company).not.toContainText("У вас нет активных подписок.");
      // (Radix keeps a hidden native select in a form for its value: not shown, not read.)
      await expect(page.locator('select:not([aria-hidden="true"])')).toHaveCount(0);

      // «Сохранить» only once the allowance changed; saved, it goes again.
      const member = company.getByTestId("company-member").first();
      await expect(member.getByRole("button", { name: "Сохранить" })).toHaveCount(0);
      await member.getByRole("textbox", { name: /^Лимит/ }).fill("15");
      await member.getByRole("button", { name: "Сохранить" }).click();
      await expect(member.getByRole("button", { name: "Сохранить" })).toHaveCount(0);
      await expect(member.getByRole("textbox", { name: /^Лимит/ })).toHaveValue("15");

      // The plan for the pool is picked in the app's own list.
      const buy = company.getByRole("button", { name: "Купить для компании" });
      await expect(buy).toBeDisabled();
      await company.getByRole("combobox", { name: "Тариф" }).click();
      await page.getByRole("option", { name: "Старт · 199 ₽" }).click();
      await expect(company.getByRole("combobox", { name: "Тариф" })).toHaveText("Старт · 199 ₽");
      await expect(buy).toBeEnabled();
      // The invitation's role too.
      await company.getByRole("combobox", { name: "Роль", exact: true }).click();
      await page.getByRole("option", { name: "Администратор" }).click();
      await expect(company.getByRole("combobox", { name: "Роль", exact: true })).toHaveText("Администратор");
    });

    test("a legal page's unset details read «не указано»", async ({ page }) => {
      await page.goto("/offer");
      await expect(page.getByTestId("page-legal")).toContainText("ИНН [ИНН: не указано]");
      await expect(page.getByTestId("page-legal")).not.toContainText("не указан,");
    });
  });
}

// One settings structure: the window's tabs and every settings page's sections are the same, in the same order.
for (const size of SIZES) {
  test.describe(`one settings structure at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const withCompany of [true, false]) {
      test(`the window and each page show the same sections (${withCompany ? "with" : "without"} a company)`, async ({
        page,
        request,
      }) => {
        const user = await registerUser(request, "Олег");
        if (withCompany) {
          const created = await request.post("/api/v2/companies/", {
            headers: { "jwt-token": user.record.access_token },
            data: { name: "Ромашка" },
          });
          expect(created.status()).toBe(201);
        }
        const expected = ["Аккаунт", "Подписка", "Приватность", ...(withCompany ? ["Компания"] : [])];
        await signIn(page, user);
        await page.goto("/");

        const main = new MainLayoutPage(page);
        await main.userMenuButton.click();
        await page.getByRole("menuitem", { name: "Настройки" }).click();
        await expect(main.settings.getByRole("tab")).toHaveCount(expected.length);
        for (const [i, name] of expected.entries())
          await expect(main.settings.getByRole("tab").nth(i)).toHaveAccessibleName(name);
        await page.keyboard.press("Escape");
        await expect(main.settings).toHaveCount(0);

        const settings = new SettingsLayoutPage(page);
        const pages: [string, string][] = [
          ["/user", "Аккаунт"],
          ["/subscription", "Подписка"],
          ["/user/privacy", "Приватность"],
          ...(withCompany ? ([["/company", "Компания"]] as [string, string][]) : []),
        ];
        for (const [path, section] of pages) {
          await settings.goto(path);
          if (size.name === "phone") await settings.menuButton.click();
          const links = settings.nav.getByTestId("settings-section");
          await expect(links).toHaveText(expected);
          await expect(settings.link(section)).toHaveAttribute("aria-current", "page");
          // Each section's page is named as its tab (the company's page names the company itself).
          if (section !== "Компания")
            await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(section);
          else await expect(page.getByRole("heading", { name: "Компания «Ромашка»" })).toBeVisible();
        }
        // The privacy page holds the window's privacy settings.
        await settings.goto("/user/privacy");
        await expect(page.getByTestId("privacy-settings")).toBeVisible();
        await expect(page).toHaveTitle(/^Приватность — Ясно$/);

        // Without a company, the plans say where one is started; with one, its section is the way.
        await settings.goto("/subscription");
        await page.getByRole("radio", { name: "Доступные подписки" }).click();
        const offer = page.getByTestId("company-offer");
        if (withCompany) await expect(offer).toHaveCount(0);
        else {
          await offer.getByRole("link", { name: "Создать компанию" }).click();
          await expect(page).toHaveURL(/\/company$/);
          await expect(
            page.getByTestId("page-company").getByRole("button", { name: "Создать компанию" }),
          ).toBeVisible();
        }
      });
    }
  });
}
