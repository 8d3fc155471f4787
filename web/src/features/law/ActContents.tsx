import { Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Fragment } from "react";
import { Link } from "react-router";
import { lawTexts } from "../../ui/texts/law";
import { articlePath } from "./citations";
import { useActContents } from "./law-queries";

/** The act's table of contents: sections and chapters as they change, every article a link (at the page's date). */
export function ActContents({ act, current, date }: { act: string; current: string; date: string | null }) {
  const { data } = useActContents(act);
  if (!data) return null;
  return (
    <nav className="law-page__contents" aria-labelledby="law-contents" data-testid="law-contents">
      <Heading as="h2" size="3" id="law-contents">
        {lawTexts.contents}
      </Heading>
      <Text as="p" size="2" color="gray" mb="2">
        {data.title}
      </Text>
      <ol>
        {data.articles.map((article, i) => {
          const before = data.articles[i - 1]?.path ?? [];
          const from = article.path.findIndex((part, depth) => before[depth] !== part);
          const headings = from === -1 ? [] : article.path.slice(from);
          return (
            <Fragment key={article.number}>
              {headings.map((heading) => (
                <li key={heading} className="law-page__section">
                  <Text size="1" weight="medium" color="gray">
                    {heading}
                  </Text>
                </li>
              ))}
              <li>
                <ThemeLink asChild size="2" color={article.repealed ? "gray" : undefined}>
                  <Link
                    to={articlePath(data.short_name, article.number, date)}
                    aria-current={article.number === current ? "page" : undefined}
                    data-testid="law-contents-article"
                  >
                    {lawTexts.heading(article.number, article.title)}
                  </Link>
                </ThemeLink>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
