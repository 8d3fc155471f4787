import { expect, type Page, test } from "@playwright/test";
import { registerUser } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";

// The login and share pages come with their first screen in the HTML (web/build/prerender-pages.ts);
// the app takes its place once its page has rendered.
test.describe("prerendered first screens", () => {
  test("/login: the form is in the HTML, and the app's own form replaces it", async ({ page, request }) => {
    const html = await (await request.get("/login")).text();
    expect(html).toContain('<div id="prerendered" inert ');
    expect(html).toMatch(/<h1[^>]*>Вход<\/h1>/);

    await page.goto("/login");
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход");
    // The app's stylesheet, loaded aside while the screen showed, applies with the app's page.
    await expect(page.locator("link[data-app-styles]")).toHaveAttribute("media", "all");
    await page.getByLabel("E-mail").fill("someone@example.ru");
    await expect(page.getByLabel("E-mail")).toHaveValue("someone@example.ru");
  });

  test("a share link: the bar is in the HTML, then the app says what it found", async ({ page, request }) => {
    const html = await (await request.get("/share/nosuchlink")).text();
    expect(html).toContain("Только чтение");

    await page.goto("/share/nosuchlink");
    // A link that shows nothing says why, not a load error (docs/web.md, issue 29).
    await expect(page.getByTestId("share-gone").getByRole("heading", { level: 1 })).toHaveText(
      "Ссылка на чат недействительна или отозвана",
    );
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Попробовать Ясно" })).toHaveCount(2);
  });

  test(
    "/login: the HTML carries its first screen's styles and links no stylesheet and no chunk, only the " + "entry",
    async ({ request }) => {
      const html = await (await request.get("/login")).text();
      expect(html).toMatch(
        /<div id="prerendered" inert data-app-styles="\/assets\/start-[\w-]+\.css"><style>[^<]*\.rt-Card/,
      );
      expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
      expect(html.match(/<script\b/g)).toHaveLength(1);
      // A page without a first screen in its HTML links the app's styles and chunks at once.
      const index = await (await request.get("/")).text();
      expect(index).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/start-/);
      expect(index).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/start-/);
    },
  );

  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 720 },
  ]) {
    test(
      `/login at ${viewport.width} px: the first screen, drawn by the styles in its HTML alone, is the app's ` +
        `page box for box`,
      async ({ browser }) => {
        const context = await browser.newContext({ viewport });
        const first = await context.newPage();
        // No script: the HTML alone, as the browser paints it before the app's files arrive.
        await first.route(/\.js$/, (route) => route.abort());
        await first.goto("/login");
        const screen = await drawn(first, "#prerendered > div");
        expect(screen.length).toBeGreaterThan(40);

        const app = await context.newPage();
        await app.goto("/login");
        await expect(app.locator("#prerendered")).toHaveCount(0);
        expect(await drawn(app, "#root > div")).toEqual(screen);
        await context.close();
      },
    );
  }

  test(
    "a share link: its HTML carries the conversation, painted with no script, and the app takes its place box " +
      "for box",
    async ({ browser, request }) => {
      const user = await registerUser(request);
      const topic = await createTopic(request, user, "Как вернуть залог?", "gpt");
      const share = await request.post(`/api/v2/topics/${topic}/share`, {
        headers: { "jwt-token": user.record.access_token },
        data: {},
      });
      const { hash } = (await share.json()) as { hash: string };

      const html = await (await request.get(`/share/${hash}`)).text();
      expect(html).toContain("<title>Как вернуть залог? — Ясно</title>");
      expect(html).toMatch(/<div class="message__bubble">Как вернуть залог\?<\/div>/);
      expect(html).toMatch(/data-testid="message-assistant"[^>]*><div class="markdown"><p><strong>/);
      expect(html).toContain('<script type="application/json" id="share-screen">');

      for (const viewport of [
        { width: 412, height: 823 },
        { width: 1280, height: 720 },
      ]) {
        const context = await browser.newContext({ viewport, locale: "ru-RU" });
        const first = await context.newPage();
        await first.route(/\.js$/, (route) => route.abort());
        await first.goto(`/share/${hash}`);
        await expect(first.locator("#prerendered").getByTestId("message-assistant").locator("table")).toBeVisible();
        const screen = await drawn(first, '#prerendered [data-testid="page-share"]');
        expect(screen.length).toBeGreaterThan(60);

        const app = await context.newPage();
        await app.goto(`/share/${hash}`);
        await expect(app.locator("#prerendered")).toHaveCount(0);
        await expect(app).toHaveTitle("Как вернуть залог? — Ясно");
        expect(await drawn(app, '#root [data-testid="page-share"]'), `${viewport.width} px`).toEqual(screen);
        await context.close();
      }
    },
  );
});

const DRAWN = [
  "color",
  "background-color",
  "background-image",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "margin",
  "padding",
  "border",
  "box-shadow",
  "border-radius",
];

/**
 * Every element under `root`: its box and how it is drawn. The text fields' own colours are left
 * out: the first screen's fields are read-only (nothing is typed into a picture), which Radix tints.
 */
function drawn(page: Page, root: string) {
  return page.evaluate(
    ([root, properties]) =>
      [...document.querySelectorAll(`${root} *`)].map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const field = element.matches(".rt-TextFieldRoot, .rt-TextFieldInput");
        return {
          element: `${element.tagName} ${element.getAttribute("class") ?? ""}`,
          box: [box.x, box.y, box.width, box.height].map(Math.round),
          style: field ? null : properties.map((property) => style.getPropertyValue(property)),
        };
      }),
    [root, DRAWN] as const,
  );
}
