import { expect, type CDPSession, type Locator, type Page } from "@playwright/test";

type Point = { x: number; y: number };

/** The account area (/user, /subscription): sidebar or, on a phone, the swipeable drawer. */
export class SettingsLayoutPage {
  readonly nav: Locator;
  readonly menuButton: Locator;
  readonly topBar: Locator;
  private cdp: CDPSession | null = null;

  constructor(readonly page: Page) {
    this.nav = page.getByRole("navigation", { name: "Разделы настроек" });
    this.menuButton = page.getByRole("button", { name: "Открыть меню" });
    this.topBar = page.getByRole("heading", { name: "Настройки", level: 1 }).locator("..");
  }

  async goto(path = "/user") {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
  }

  link(name: string) {
    return this.nav.getByRole("link", { name });
  }

  /** A one-finger swipe as real touch events from the browser's input pipeline. */
  async swipe(from: Point, to: Point, steps = 8) {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    await this.cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
    for (let i = 1; i <= steps; i++) {
      const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      await this.cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
    }
    await this.cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
}
