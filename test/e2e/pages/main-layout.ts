import { expect, type Locator, type Page } from "@playwright/test";

/** The main layout: header with the user menu, and the settings modal it opens. */
export class MainLayoutPage {
  readonly userMenuButton: Locator;
  readonly headerName: Locator;
  readonly headerAvatar: Locator;
  readonly settings: Locator;

  constructor(readonly page: Page) {
    this.userMenuButton = page.getByRole("button", { name: "Меню пользователя" });
    this.headerName = page.getByTestId("header-user-name");
    this.headerAvatar = page.getByTestId("header-avatar");
    this.settings = page.getByRole("dialog", { name: "Настройки" });
  }

  async goto(path = "/") {
    await this.page.goto(path);
    await expect(this.page.getByRole("banner")).toBeVisible();
  }

  menuItem(name: string) {
    return this.page.getByRole("menuitem", { name });
  }

  async chooseFromMenu(name: string) {
    await this.userMenuButton.click();
    await this.menuItem(name).click();
  }

  async openSettings() {
    await this.chooseFromMenu("Настройки");
    await expect(this.settings).toBeVisible();
  }

  field(name: "E-mail" | "Имя" | "Пароль") {
    return this.settings.getByRole("group", { name });
  }

  /** Edits one account field in the settings modal and saves it. */
  async saveField(name: "E-mail" | "Имя", value: string) {
    const field = this.field(name);
    await field.getByRole("button", { name: "Изменить" }).click();
    await field.getByRole("textbox", { name }).fill(value);
    await field.getByRole("button", { name: "Сохранить" }).click();
    await expect(field.getByRole("textbox")).toHaveCount(0);
  }
}
