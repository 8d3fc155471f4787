import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { acceptDisclaimers, type RegisteredUser } from "./registered-user";

/**
 * Starts a topic through the API as the chat would (the mode's terms accepted first, as the
 * disclaimer dialog does), reading the streamed reply to its end; answers its id.
 */
export async function createTopic(
  request: APIRequestContext,
  user: RegisteredUser,
  text: string,
  assistantType = "explain_law",
): Promise<number> {
  await acceptDisclaimers(request, user);
  const response = await request.post("/api/v2/topics/start/stream/", {
    headers: { "jwt-token": user.record.access_token },
    data: { message: { text, attachments: [] }, assistant_type: assistantType },
  });
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  const id = /^topic_id: (\d+)\n/.exec(body)?.[1];
  expect(id, body.slice(0, 80)).toBeTruthy();
  return Number(id);
}

/** The conversations sidebar: the topic list by day, the topic menu, the toggle and the phone drawer. */
export class SidebarPage {
  readonly root: Locator;
  readonly toggle: Locator;
  readonly drawerButton: Locator;
  readonly backdrop: Locator;
  readonly menu: Locator;
  /** "Какие чаты показать". */
  readonly filter: Locator;
  /** The chat on screen when the list does not hold it (another mode's under a filter, the archive…). */
  readonly openTopic: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("sidebar");
    this.toggle = page.getByTestId("sidebar-toggle");
    this.drawerButton = page.getByTestId("sidebar-drawer-button");
    this.backdrop = page.getByTestId("sidebar-backdrop");
    this.menu = page.getByRole("menu", { name: "Действия с чатом" });
    this.filter = this.root.getByRole("combobox", { name: "Какие чаты показать" });
    this.openTopic = this.root.getByTestId("open-topic-group");
  }

  /** The day group with this label ("Сегодня", "Вчера", a weekday, dd.mm.yyyy). */
  group(label: string): Locator {
    return this.root
      .getByTestId("topic-group")
      .filter({ has: this.page.locator(".topic-group__label", { hasText: label }) });
  }

  topic(name: string): Locator {
    return this.root.getByRole("link", { name, exact: true });
  }

  /** "Какие чаты показать": picks the list's type by its label. */
  async chooseFilter(label: string) {
    await this.root.getByRole("combobox", { name: "Какие чаты показать" }).click();
    await this.page.getByRole("option", { name: label, exact: true }).click();
    await expect(this.root.getByRole("combobox", { name: "Какие чаты показать" })).toHaveText(label);
  }

  /** Hovers the topic and clicks its dots; the menu opens at that height. */
  async openMenu(name: string) {
    const item = this.root
      .getByTestId("topic-item")
      .filter({ has: this.page.getByRole("link", { name, exact: true }) });
    await item.hover();
    await item.getByRole("button", { name: `Действия с чатом: ${name}` }).click();
    await expect(this.menu).toBeVisible();
  }

  async rename(from: string, to: string) {
    await this.openMenu(from);
    await this.menu.getByRole("menuitem", { name: "Переименовать" }).click();
    const input = this.root.getByRole("textbox", { name: "Новое название чата" });
    await expect(input).toBeFocused();
    await input.fill(to);
    await input.press("Enter");
    await expect(input).toHaveCount(0);
  }

  /** How far the list's content sticks out sideways past its scroll area (0 or less: it fits). */
  listOverflow(): Promise<number> {
    return this.root
      .locator("[data-radix-scroll-area-viewport]")
      .evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth);
  }
}
