import { expect, type Locator, type Page } from "@playwright/test";
import type { SidebarPage } from "./sidebar";

/** The share modal of a topic and the public page its link opens. */
export class SharePage {
  readonly dialog: Locator;
  readonly link: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Поделиться чатом" });
    this.link = this.dialog.getByTestId("share-link");
  }

  /** Opens the modal from the topic's menu and creates the link; answers its address. */
  async createLink(sidebar: SidebarPage, topicName: string): Promise<string> {
    await sidebar.openMenu(topicName);
    await sidebar.menu.getByRole("menuitem", { name: "Поделиться" }).click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await expect(this.link).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
    return this.link.inputValue();
  }
}
