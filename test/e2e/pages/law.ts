import type { Locator, Page } from "@playwright/test";

/** The path of an article's page: /law/{act}/{article}, with the date of the edition when given. */
export const lawPath = (act: string, article: string, date?: string) =>
  `/law/${encodeURIComponent(act)}/${article}${date ? `?date=${date}` : ""}`;

/** /law/:act/:article: the article, its status and editions, the act's table of contents. */
export class LawArticlePage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly text: Locator;
  readonly status: Locator;
  readonly demo: Locator;
  readonly editions: Locator;
  readonly contents: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("law-page");
    this.heading = this.root.getByRole("heading", { level: 1 });
    this.text = page.getByTestId("law-text");
    this.status = page.getByTestId("law-status");
    this.demo = page.getByTestId("law-demo");
    this.editions = page.getByTestId("law-edition");
    this.contents = page.getByTestId("law-contents");
    this.error = page.getByTestId("law-error");
  }

  async goto(act: string, article: string, date?: string) {
    await this.page.goto(lawPath(act, article, date));
  }

  /** An article's link in the table of contents, by its heading («Статья 606. Договор аренды»). */
  contentsLink(name: string | RegExp): Locator {
    return this.contents.getByRole("link", { name });
  }
}

/** A reply's citations: the marks in its text, the card one opens, «Источники» under it. */
export class ReplyCitations {
  readonly marks: Locator;
  readonly card: Locator;
  readonly sources: Locator;

  constructor(
    readonly page: Page,
    reply: Locator,
  ) {
    this.marks = reply.getByTestId("citation");
    this.card = page.getByTestId("citation-card");
    this.sources = reply.getByTestId("citation-sources");
  }

  /** The marks of citations with this status (in_force, repealed, not_found, unknown_act). */
  withStatus(status: string): Locator {
    return this.marks.and(this.page.locator(`[data-status="${status}"]`));
  }
}
