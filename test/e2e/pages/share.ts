import { expect, type Locator, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
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

  /** Ends a link now, in the browser tests' server's own D1 (scripts/e2e-server.mjs keeps it per port). */
  expireInDatabase(link: string) {
    const hash = new URL(link).pathname.split("/").pop() ?? "";
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const root = path.resolve(import.meta.dirname, "../../..");
    const persistTo = path.join(root, `.wrangler/e2e-${process.env.E2E_PORT ?? 8788}`);
    const sql = `UPDATE topics SET share_expires_at = ${Date.now() - 1000} WHERE share_hash = '${hash}'`;
    const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql];
    execFileSync(path.join(root, "node_modules/.bin/wrangler"), args, {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      stdio: "ignore",
    });
  }

  /** A share page whose link shows nothing: it says why and offers «Попробовать Ясно», never the red load error. */
  async expectGone(page: Page, why: string) {
    const gone = page.getByTestId("share-gone");
    await expect(gone.getByRole("heading", { level: 1 })).toHaveText(why);
    await expect(gone.getByRole("link", { name: "Попробовать Ясно" })).toHaveAttribute("href", "/register");
    await expect(page.getByTestId("share-error")).toHaveCount(0);
  }
}
