import { expect, test } from "@playwright/test";
import { AUTH_STORAGE_KEY } from "../../web/src/features/auth/auth-store";
import { linkFor, lettersTo } from "./pages/mail-outbox";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";
import { SettingsLayoutPage } from "./pages/settings-layout";
import { SubscriptionPanel } from "./pages/subscription";

test.describe("header and settings modal", () => {
  test("the header shows the name and its first letter; the modal changes the name and the header follows", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerUser(request, "анна"));
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await expect(page.getByRole("banner").getByRole("heading", { name: "Ясно" })).toBeVisible();
    await expect(main.headerName).toHaveText("анна");
    await expect(main.headerAvatar).toHaveText("А");

    await main.openSettings();
    await expect(main.settings.getByRole("tab", { name: "Аккаунт" })).toHaveAttribute("aria-selected", "true");
    await expect(main.settings.getByRole("tab", { name: "Подписка" })).toBeVisible();
    // The dialog scales in, so poll until the opening animation has settled.
    await expect
      .poll(async () => {
        const box = await main.settings.boundingBox();
        return box && { width: Math.round(box.width), height: Math.round(box.height) };
      })
      .toEqual({ width: 600, height: 500 });
    await expect(main.field("Имя")).toContainText("анна");
    await expect(main.field("Пароль").getByTestId("password-mask")).toHaveText(/^•{10,15}$/);

    await main.saveField("Имя", "Борис");
    await expect(main.field("Имя")).toContainText("Борис");
    await expect(main.headerName).toHaveText("Борис");
    await expect(main.headerAvatar).toHaveText("Б");

    // The server has it: after a reload the header and the modal still say Борис.
    await page.reload();
    await expect(main.headerName).toHaveText("Борис");
    await main.openSettings();
    await expect(main.field("Имя")).toContainText("Борис");
  });

  test("an e-mail the server refuses reverts to the server value and shows why", async ({ page, request }) => {
    const other = await registerUser(request, "Другой");
    const user = await registerUser(request, "Вера");
    await signIn(page, user);
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await main.openSettings();
    await expect(main.field("E-mail")).toContainText(user.email);

    const field = main.field("E-mail");
    await field.getByRole("button", { name: "Изменить" }).click();
    await field.getByRole("textbox", { name: "E-mail" }).fill(other.email);
    await field.getByLabel("Текущий пароль").fill(user.password);
    await field.getByRole("button", { name: "Сохранить" }).click();
    await expect(main.field("E-mail").getByRole("alert")).toHaveText("Пользователь с данным email уже зарегистрирован");
    await expect(main.field("E-mail")).toContainText(user.email);
    await expect(main.field("E-mail")).not.toContainText(other.email);
  });

  test("the password is changed in the modal and works for the next sign-in", async ({ page, request }) => {
    const user = await registerUser(request, "Глеб");
    await signIn(page, user);
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await main.openSettings();
    const field = main.field("Пароль");
    await field.getByRole("button", { name: "Изменить" }).click();
    const save = field.getByRole("button", { name: "Сохранить" });
    await expect(save).toBeDisabled();
    await field.getByLabel("Новый пароль").fill("новый-пароль-1");
    await field.getByLabel("Повторите пароль").fill("новый-пароль-");
    await expect(save).toBeDisabled();
    await field.getByLabel("Повторите пароль").fill("новый-пароль-1");
    // The change needs the current password: a wrong one is said and nothing changes.
    await field.getByLabel("Текущий пароль").fill("не-тот-пароль");
    await save.click();
    await expect(field.getByRole("alert")).toHaveText("Неверный текущий пароль");
    await field.getByLabel("Текущий пароль").fill(user.password);
    await save.click();
    await expect(field.getByLabel("Новый пароль")).toHaveCount(0);

    const login = await request.post("/api/v2/users/login", {
      data: { email: user.email, password: "новый-пароль-1" },
    });
    expect(login.status()).toBe(200);
    // This tab stays signed in with the token the change handed back.
    await page.reload();
    await expect(main.headerName).toHaveText("Глеб");
  });

  test("a new e-mail asks for the current password and takes effect once the link mailed to it is opened", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, "Дина");
    const next = `new-${user.email}`;
    await signIn(page, user);
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await main.openSettings();
    const field = main.field("E-mail");
    await field.getByRole("button", { name: "Изменить" }).click();
    await field.getByRole("textbox", { name: "E-mail" }).fill(next);
    await field.getByLabel("Текущий пароль").fill(user.password);
    await field.getByRole("button", { name: "Сохранить" }).click();
    await expect(field.getByRole("status")).toContainText(`Мы отправили письмо на новый адрес ${next}`);
    await expect(field).toContainText(user.email);

    // The old address is told, the new one gets the link; opening it applies the change.
    await expect
      .poll(async () => (await lettersTo(request, user.email)).map((l) => l.subject))
      .toContain("Запрошена смена e-mail в «Ясно»");
    await page.goto(await linkFor(request, next, "/email/confirm/"));
    await expect(page.getByRole("heading", { name: "E-mail подтверждён" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(`Теперь e-mail вашего аккаунта — ${next}.`);
    await expect
      .poll(async () => (await lettersTo(request, user.email)).map((l) => l.subject))
      .toContain("E-mail аккаунта «Ясно» изменён");
    await page.getByRole("link", { name: "Перейти в Ясно" }).click();
    await main.openSettings();
    await expect(main.field("E-mail")).toContainText(next);
  });

  test("the subscription tab shows the limits; closing the modal resets its view; «Выйти» signs out to Login", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerUser(request));
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await main.openSettings();
    await main.settings.getByRole("tab", { name: "Подписка" }).click();
    await expect(main.settings.getByTestId("subscription-tab")).toBeVisible();
    const panel = SubscriptionPanel.inModal(page);
    await expect(panel.limitCard("Стартовый пакет")).toContainText("Доступные запросы: 10 из 10");
    await panel.view("Доступные подписки").click();
    await expect(panel.planCards.first()).toBeVisible();
    await main.settings.getByRole("button", { name: "Закрыть" }).click();
    await expect(main.settings).toHaveCount(0);
    // "Обновить план" opens the tab on the plans to buy.
    await page.getByTestId("upgrade-card").click();
    await expect(panel.view("Доступные подписки")).toHaveAttribute("aria-checked", "true");
    await expect(panel.planCards.first()).toBeVisible();
    await main.settings.getByRole("button", { name: "Закрыть" }).click();
    await expect(main.settings).toHaveCount(0);

    await main.chooseFromMenu("Выйти");
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  });
});

test.describe("settings layout", () => {
  test("the sidebar shows the user, highlights the page and leads home and between sections", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerUser(request, "Дарья"));
    const settings = new SettingsLayoutPage(page);
    await settings.goto("/user");
    await expect(settings.menuButton).toHaveCount(0);
    await expect(settings.nav.getByTestId("settings-user")).toContainText("Дарья");
    await expect(settings.link("Аккаунт")).toHaveAttribute("aria-current", "page");
    await expect(settings.link("Подписка")).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("group", { name: "Имя" })).toContainText("Дарья");

    await settings.link("Подписка").click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(settings.link("Подписка")).toHaveAttribute("aria-current", "page");
    await settings.link("На главную").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner")).toBeVisible();

    // The user menu has one way to the settings (issue 29): «Настройки», the window.
    const main = new MainLayoutPage(page);
    await main.userMenuButton.click();
    await expect(page.getByRole("menuitem")).toHaveText(["Настройки", "Темная тема", "Выйти"]);
    await page.getByRole("menuitem", { name: "Настройки" }).click();
    await expect(main.settings).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test(
      "the drawer opens with ☰ and a swipe from the left edge, and closes with a tap outside, a left swipe and " +
        "an item",
      async ({ page, request }) => {
        await signIn(page, await registerUser(request, "Ева"));
        const settings = new SettingsLayoutPage(page);
        await settings.goto("/user");
        const box = await settings.topBar.boundingBox();
        expect(box && Math.round(box.height)).toBe(60);
        await expect(settings.nav).toBeHidden();

        await settings.menuButton.tap();
        await expect(settings.nav).toBeVisible();
        await expect(settings.nav.getByTestId("settings-user")).toContainText("Ева");
        await page.touchscreen.tap(340, 500);
        await expect(settings.nav).toBeHidden();

        // Not from the edge, or not far enough: nothing happens.
        await settings.swipe({ x: 80, y: 400 }, { x: 300, y: 400 });
        await settings.swipe({ x: 5, y: 400 }, { x: 90, y: 400 });
        await expect(settings.nav).toBeHidden();

        await settings.swipe({ x: 5, y: 400 }, { x: 220, y: 410 });
        await expect(settings.nav).toBeVisible();
        await settings.swipe({ x: 250, y: 400 }, { x: 60, y: 395 });
        await expect(settings.nav).toBeHidden();

        await settings.swipe({ x: 3, y: 300 }, { x: 200, y: 300 });
        await expect(settings.nav).toBeVisible();
        await settings.link("Подписка").tap();
        await expect(page).toHaveURL(/\/subscription$/);
        await expect(settings.nav).toBeHidden();
      },
    );

    test("touches within 20 px of either edge have their default action prevented", async ({ page, request }) => {
      await signIn(page, await registerUser(request));
      const settings = new SettingsLayoutPage(page);
      await settings.goto("/user");
      const prevented = await page.evaluate(() => {
        const touchAt = (x: number) => {
          const touch = new Touch({ identifier: x, target: document.body, clientX: x, clientY: 300 });
          const event = new TouchEvent("touchstart", {
            touches: [touch],
            changedTouches: [touch],
            bubbles: true,
            cancelable: true,
          });
          document.body.dispatchEvent(event);
          document.body.dispatchEvent(
            new TouchEvent("touchend", { changedTouches: [touch], bubbles: true, cancelable: true }),
          );
          return event.defaultPrevented;
        };
        return [touchAt(2), touchAt(20), touchAt(21), touchAt(187), touchAt(354), touchAt(355), touchAt(373)];
      });
      expect(prevented).toEqual([true, true, false, false, false, true, true]);
    });
  });
});
