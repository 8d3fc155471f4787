import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./pages/axe";
import { registerUser, signIn, type RegisteredUser } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";
import { adminApi } from "./pages/subscription";

// Issue 29: axe finds nothing serious or critical on any page of web/src/app/router.tsx, in either
// theme (docs/web.md "Accessibility"). Each page is checked once it has drawn its content.

const THEMES = ["light", "dark"] as const;

/** Opens the page in the theme and waits for what marks it drawn; then axe runs: its findings, one a line. */
async function check(page: Page, theme: (typeof THEMES)[number], path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expect(page.locator(".radix-themes").first()).toHaveClass(theme === "dark" ? /\bdark\b/ : /\blight\b/);
  // Transitions end before colours are measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return (await seriousViolations(page)).map((line) => `${path} (${theme}): ${line}`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
const anyHeading = heading(/./);
const testId = (id: string) => async (page: Page) => {
  await expect(page.getByTestId(id).first()).toBeVisible();
};

async function sharedTopic(page: Page, user: RegisteredUser, topicId: number) {
  const res = await page.request.post(`/api/v2/topics/${topicId}/share`, {
    headers: { "jwt-token": user.record.access_token },
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

for (const theme of THEMES) {
  test.describe(`the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("vite-ui-theme", value), theme);
    });

    test("signed out: sign-in pages, legal pages, a shared chat", async ({ page, request }) => {
      const owner = await registerUser(request);
      const topicId = await createTopic(request, owner, "Можно ли вернуть товар без чека?");
      const hash = await sharedTopic(page, owner, topicId);
      const pages: [string, (page: Page) => Promise<void>][] = [
        ["/login", anyHeading],
        ["/register", anyHeading],
        ["/register-v2", anyHeading],
        ["/forgot", anyHeading],
        ["/forgot/sent", anyHeading],
        ["/recovery/not-a-real-token", anyHeading],
        ["/recovery-invalid", anyHeading],
        ["/email/confirm/not-a-real-token", anyHeading],
        ["/offer", testId("legal-version")],
        ["/privacy", testId("legal-version")],
        ["/terms", testId("legal-version")],
        [`/share/${hash}`, testId("message-assistant")],
      ];
      const found: string[] = [];
      for (const [path, ready] of pages) found.push(...(await check(page, theme, path, ready)));
      expect(found).toEqual([]);
    });

    test("signed in: main, chats, checkout, invitations, settings pages, not found", async ({ page, request }) => {
      const user = await registerUser(request);
      // A reply with a table, a code block and a link (the demo model's): their colours are checked too.
      const topicId = await createTopic(request, user, "Как вернуть товар?");
      // Few requests left: the balance chip is amber and offers «Пополнить».
      await (await adminApi(request)).setRequests(user.email, 2);
      await signIn(page, user);
      const pages: [string, (page: Page) => Promise<void>][] = [
        ["/", testId("balance-chip")],
        [`/chat/${topicId}`, testId("message-assistant")],
        ["/chat", testId("balance-chip")],
        ["/checkout?payment_id=00000000-0000-4000-8000-000000000000", testId("checkout-not_found")],
        ["/invitations", anyHeading],
        ["/user", anyHeading],
        ["/subscription", testId("subscription-panel")],
        ["/user/privacy", testId("privacy-settings")],
        ["/company", anyHeading],
        ["/terms", testId("legal-version")],
        // The law library's article page (the demo library), its table of contents drawn.
        [`/law/${encodeURIComponent("ГК РФ")}/614`, testId("law-contents")],
        ["/no-such-page", anyHeading],
      ];
      const found: string[] = [];
      for (const [path, ready] of pages) found.push(...(await check(page, theme, path, ready)));
      // The settings window over Main, opened from the user menu.
      const settings = async (p: Page) => {
        await p.getByRole("button", { name: "Меню пользователя" }).click();
        await p.getByRole("menuitem", { name: "Настройки" }).click();
        await expect(p.getByRole("dialog", { name: "Настройки" })).toBeVisible();
      };
      found.push(...(await check(page, theme, "/", settings)));
      expect(found).toEqual([]);
    });
  });
}
