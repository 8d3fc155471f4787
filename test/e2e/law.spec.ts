import { expect, test } from "@playwright/test";
import { seriousViolations } from "./pages/axe";
import { ChatPage } from "./pages/chat";
import { LawArticlePage, lawPath, ReplyCitations } from "./pages/law";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";

// What the user sees of the law library (docs/law.md "What the user sees"), against the demo library the
// e2e server seeds (scripts/law-demo): the article page, and a reply's citations with their cards.

test.describe("the article page", () => {
  test("shows the article with its status, edition and demo label; the contents lead to other articles", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerUser(request));
    const law = new LawArticlePage(page);
    await law.goto("ГК РФ", "614");
    await expect(law.heading).toHaveText("Статья 614. Арендная плата");
    await expect(law.text).toContainText("Арендатор обязан своевременно вносить плату");
    await expect(law.demo).toHaveText("Демо-выдержка, не официальная публикация");
    await expect(law.status).toContainText("Действует");
    await expect(law.editions).toHaveText(["с 1 января 2024 г. (действующая)"]);
    await expect(law.contentsLink("Статья 614. Арендная плата")).toHaveAttribute("aria-current", "page");
    await expect(law.contents).toContainText("Глава 34. Аренда");

    // The table of contents: another article, by a link; the address is the state.
    await law.contentsLink("Статья 606. Договор аренды").click();
    await expect(law.heading).toHaveText("Статья 606. Договор аренды");
    await expect(page).toHaveURL(lawPath("ГК РФ", "606"));
    await law.contentsLink(/^Статья 70\./).click();
    await expect(law.status).toHaveText("Утратила силу с 1 сентября 2014 г.");

    // An edition is chosen by its date: before the first one the article was not yet in force.
    await law.goto("ГК РФ", "614", "2023-05-01");
    await expect(law.error).toHaveText("На эту дату статья ещё не действовала");
    await expect(law.editions).toHaveCount(0);
    await law.goto("ГК РФ", "614", "2024-06-01");
    const edition = law.editions.getByRole("link");
    await expect(edition).toHaveAttribute("aria-current", "page");
    await expect(edition).toHaveAttribute("href", lawPath("ГК РФ", "614", "2024-01-01"));
  });

  test("an article the act lacks says so; a visitor who is not signed in goes to sign in", async ({
    page,
    request,
  }) => {
    const law = new LawArticlePage(page);
    await law.goto("ГК РФ", "614");
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, await registerUser(request));
    await law.goto("ГК РФ", "9999");
    await expect(law.error).toHaveText("Статья не найдена");
    await expect(law.contentsLink("Статья 614. Арендная плата")).toBeVisible();
  });
});

// The demo model cites the retrieved demo articles and one invented article, and the server stores the
// citations with the reply (docs/law.md "The demo model", "Every citation checked").
const CITING = "Когда арендатор должен вносить арендную плату и можно ли расторгнуть договор аренды досрочно?";

test.describe("citations in a reply", () => {
  test("a citation's text on hover, and the red mark of an invented article", async ({ page, request }) => {
    const user = await registerUser(request);
    const topicId = await createTopic(request, user, CITING);
    await signIn(page, user);
    await page.goto(`/chat/${topicId}`);
    const citations = new ReplyCitations(page, new ChatPage(page).assistantMessages.last());
    await citations.withStatus("in_force").first().hover();
    await expect(citations.card.getByTestId("citation-status")).toContainText("Действует");
    await expect(citations.card.getByTestId("citation-text")).not.toBeEmpty();
    await expect(citations.card.getByTestId("law-demo")).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(citations.card).toBeHidden();

    const invented = citations.withStatus("not_found").first();
    await expect(invented).toHaveCSS("text-decoration-style", "wavy");
    await invented.hover();
    await expect(citations.card.getByTestId("citation-status")).toHaveText(/^Такой статьи нет в .+ — проверьте ответ$/);
    // The marks, the open card and «Источники» read in the theme (axe, as test/e2e/a11y.spec.ts).
    expect(await seriousViolations(page)).toEqual([]);
    await expect(citations.sources.getByTestId("citation-flagged").first()).toContainText("такой статьи нет");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test("a tap opens the citation's text; a tap outside closes it", async ({ page, request }) => {
      const user = await registerUser(request);
      const topicId = await createTopic(request, user, CITING);
      await signIn(page, user);
      await page.goto(`/chat/${topicId}`);
      const citations = new ReplyCitations(page, new ChatPage(page).assistantMessages.last());
      const mark = citations.withStatus("in_force").first();
      await mark.tap();
      await expect(citations.card.getByTestId("citation-text")).not.toBeEmpty();
      await expect(page).toHaveURL(`/chat/${topicId}`);
      await page.touchscreen.tap(10, 10);
      await expect(citations.card).toBeHidden();
    });
  });
});
