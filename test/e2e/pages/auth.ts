import { expect, type Locator, type Page } from "@playwright/test";

/** What every sign-in page has: the card's heading, labelled fields, the submit button. */
class AuthCardPage {
  constructor(readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole("heading", { level: 1, name });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A field's error is its accessible description (the text under it, tied by aria-describedby). */
  async expectFieldError(label: string, text: string) {
    await expect(this.field(label)).toHaveAccessibleDescription(text);
  }
}

export class LoginPage extends AuthCardPage {
  async goto() {
    await this.page.goto("/login");
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.heading("Вход")).toBeVisible();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  async signIn(email: string, password: string) {
    await this.field("E-mail").fill(email);
    await this.field("Пароль").fill(password);
    await this.page.getByRole("button", { name: "Войти", exact: true }).click();
  }

  async openForgot() {
    await this.page.getByRole("link", { name: "Забыли пароль?" }).click();
    await expect(this.heading("Восстановление пароля")).toBeVisible();
  }
}

export class RegisterPage extends AuthCardPage {
  async goto() {
    await this.page.goto("/register");
    await expect(this.heading("Регистрация")).toBeVisible();
  }

  /** The consent to the terms and the processing of personal data (never ticked in advance). */
  get consent() {
    return this.page.getByRole("checkbox", { name: /Я принимаю пользовательское соглашение/ });
  }

  async register(user: { name: string; email: string; password: string }, { consent = true } = {}) {
    await this.field("Имя").fill(user.name);
    await this.field("E-mail").fill(user.email);
    await this.field("Пароль").fill(user.password);
    if (consent) await this.consent.check();
    await this.page.getByRole("button", { name: "Создать аккаунт" }).click();
  }
}

export class ForgotPage extends AuthCardPage {
  async request(email: string) {
    await this.field("E-mail").fill(email);
    await this.page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(this.heading("Проверьте почту")).toBeVisible();
  }
}

export class RecoveryPage extends AuthCardPage {
  readonly save: Locator;

  constructor(page: Page) {
    super(page);
    this.save = page.getByRole("button", { name: "Сохранить пароль" });
  }

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.heading("Новый пароль")).toBeVisible();
  }

  async setPassword(password: string) {
    await this.field("Новый пароль").fill(password);
    await expect(this.save).toBeDisabled();
    await this.field("Повторите пароль").fill(password);
    await expect(this.save).toBeEnabled();
    await this.save.click();
  }
}
