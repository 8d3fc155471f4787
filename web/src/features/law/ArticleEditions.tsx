import { Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { dayBefore, formatDay } from "../../ui/format";
import { lawTexts } from "../../ui/texts/law";
import { articlePath } from "./citations";
import type { LawArticle } from "./law-queries";

/** An article's editions with their dates, each a link that reads the article in it (the URL holds the date). */
export function ArticleEditions({ article }: { article: LawArticle }) {
  return (
    <section aria-labelledby="law-editions" data-testid="law-editions">
      <Heading as="h2" size="3" id="law-editions" mb="2">
        {lawTexts.editions}
      </Heading>
      <Flex asChild direction="column" gap="1">
        <ul className="law-page__editions">
          {article.editions.map((edition) => {
            const shown = edition.in_force_from === article.edition.in_force_from;
            const range = lawTexts.editionRange(
              formatDay(edition.in_force_from),
              edition.in_force_to ? formatDay(dayBefore(edition.in_force_to)) : null,
            );
            const notes = [
              edition.in_force_to ? null : lawTexts.current,
              edition.repealed ? lawTexts.repealedEdition : null,
            ]
              .filter(Boolean)
              .join(", ");
            return (
              <li key={edition.in_force_from} data-testid="law-edition">
                <ThemeLink asChild size="2" weight={shown ? "bold" : "regular"}>
                  <Link
                    to={articlePath(article.act.short_name, article.number, edition.in_force_from)}
                    aria-current={shown ? "page" : undefined}
                  >
                    {range}
                  </Link>
                </ThemeLink>
                {notes && (
                  <Text size="2" color="gray">
                    {` (${notes})`}
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      </Flex>
    </section>
  );
}
