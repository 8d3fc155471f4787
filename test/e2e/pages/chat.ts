import { expect, type Locator, type Page } from "@playwright/test";

/** The chat view: the messages, the composer and its attachments. */
export class ChatPage {
  readonly textbox: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly fileInput: Locator;
  readonly streaming: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;
  readonly notices: Locator;
  readonly thumbnails: Locator;
  readonly fileChips: Locator;
  /** The privacy guard's notice under the box («Скроем от модели: …») and the notes under questions. */
  readonly privacySummary: Locator;
  readonly maskedNotes: Locator;

  constructor(readonly page: Page) {
    this.textbox = page.getByRole("textbox", { name: "Сообщение" });
    this.sendButton = page.getByRole("button", { name: "Отправить" });
    this.stopButton = page.getByRole("button", { name: "Остановить ответ" });
    this.fileInput = page.getByTestId("composer-file-input");
    this.streaming = page.getByTestId("message-streaming");
    this.userMessages = page.getByTestId("message-user");
    this.assistantMessages = page.getByTestId("message-assistant");
    this.notices = page.getByTestId("message-notice");
    this.thumbnails = page.getByTestId("attachment-tray").getByTestId("image-thumb");
    this.fileChips = page.getByTestId("attachment-tray").getByTestId("file-chip");
    this.privacySummary = page.getByTestId("privacy-summary");
    this.maskedNotes = page.getByTestId("message-masked");
  }

  /** ‹ n/m › of a message: its "n/m" text. */
  versionOf(message: Locator): Locator {
    return message.getByTestId("version-position");
  }

  /** Shows the previous version of a message. */
  async previousVersion(message: Locator) {
    await message.hover();
    await message.getByRole("button", { name: "Предыдущая версия" }).click();
  }

  /** Edits a question in place and sends it. */
  async editQuestion(message: Locator, text: string) {
    await message.hover();
    await message.getByRole("button", { name: "Изменить вопрос" }).click();
    await message.getByRole("textbox", { name: "Новый текст вопроса" }).fill(text);
    await message.getByRole("button", { name: "Отправить" }).click();
  }

  /** A topic by its path (`/chat/<id>`). */
  async goto(path: string) {
    await this.page.goto(path);
    await expect(this.textbox).toBeVisible();
  }

  /** A new chat as users start one: a mode picked on Main, whose text box is under the cards. */
  async startNewChat(mode = "explain_law") {
    await this.page.goto("/");
    await this.pickMode(mode);
  }

  /** Main's mode card of `mode`, highlighted (pressed) once picked. */
  modeCard(mode: string): Locator {
    return this.page.getByTestId(`mode-card-${mode}`);
  }

  async pickMode(mode: string) {
    await this.modeCard(mode).click();
    await expect(this.modeCard(mode)).toHaveAttribute("aria-pressed", "true");
    await expect(this.textbox).toBeVisible();
  }

  async ask(question: string) {
    await this.textbox.fill(question);
    await this.sendButton.click();
  }

  /** Opens «Что скроем» and switches the value found in the box to be sent as is. */
  async keepAsIs(kind: string, value: string) {
    await this.page.getByRole("button", { name: "Что скроем" }).click();
    const keep = this.page
      .getByTestId("privacy-items")
      .getByRole("switch", { name: `Отправить как есть: ${kind} ${value}` });
    await keep.click();
    await expect(keep).toHaveAttribute("aria-checked", "true");
    await this.page.keyboard.press("Escape");
    await expect(this.page.getByTestId("privacy-items")).toHaveCount(0);
  }

  /** The mode's terms above the text box before the first message in it ("Условия использования режима …"). */
  get terms(): Locator {
    return this.page.getByRole("region", { name: /^Условия использования режима/ });
  }

  /** Accepts the terms shown above the box; a message that waited for them goes. */
  async acceptTerms() {
    await expect(this.terms).toBeVisible();
    await this.terms.getByRole("button", { name: "Принимаю" }).click();
    await expect(this.terms).toHaveCount(0);
  }

  /**
   * Records, in the page, every length the streaming reply shows (a MutationObserver, so no state
   * between two polls is missed); `lengths()` reads them back. Survives reloads when `persist`.
   */
  async recordStreamLengths({ persist = false } = {}) {
    const install = () => {
      const w = window as unknown as { __streamLengths: number[] };
      w.__streamLengths = JSON.parse(sessionStorage.getItem("e2e-stream-lengths") ?? "[]") as number[];
      const note = () => {
        const el = document.querySelector('[data-testid="message-streaming"]');
        const length = el?.textContent?.length ?? 0;
        if (length && w.__streamLengths.at(-1) !== length) {
          w.__streamLengths.push(length);
          sessionStorage.setItem("e2e-stream-lengths", JSON.stringify(w.__streamLengths));
        }
      };
      const start = () =>
        new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
      if (document.body) start();
      else document.addEventListener("DOMContentLoaded", start);
    };
    if (persist) await this.page.addInitScript(install);
    await this.page.evaluate(install);
  }

  lengths(): Promise<number[]> {
    return this.page.evaluate(() => (window as unknown as { __streamLengths: number[] }).__streamLengths);
  }
}
