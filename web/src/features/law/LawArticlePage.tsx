import { Badge, Callout, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { useParams, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../ui/document-title";
import { DotsLoader } from "../../ui/DotsLoader";
import { formatDay } from "../../ui/format";
import { lawTexts } from "../../ui/texts/law";
import { ActContents } from "./ActContents";
import { ArticleEditions } from "./ArticleEditions";
import { LawLoadError, type LawArticle, useArticle } from "./law-queries";
import { officialSource } from "./official-source";
import "./law.css";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ArticleStatus({ article }: { article: LawArticle }) {
  if (article.status === "repealed") {
    return (
      <Badge color="amber" highContrast>
        {lawTexts.repealed(formatDay(article.repealed_on ?? article.edition.in_force_from))}
      </Badge>
    );
  }
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Badge color="green" highContrast>
        {lawTexts.inForce}
      </Badge>
      <Text size="2" color="gray">
        {lawTexts.edition(formatDay(article.edition.in_force_from))}
      </Text>
    </Flex>
  );
}

function ArticleBody({ article }: { article: LawArticle }) {
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray" data-testid="law-act-title">
        {article.act.title}
        {article.path.length > 0 && ` › ${article.path.join(" › ")}`}
      </Text>
      <Heading as="h1" size="6">
        {lawTexts.heading(article.number, article.title)}
      </Heading>
      {article.act.demo && (
        <Callout.Root color="amber" size="1" highContrast data-testid="law-demo">
          <Callout.Text>{lawTexts.demo}</Callout.Text>
        </Callout.Root>
      )}
      <div data-testid="law-status">
        <ArticleStatus article={article} />
      </div>
      <div className="law-text" data-testid="law-text">
        {article.edition.text.split("\n").map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one edition never move
          <p key={i}>{line}</p>
        ))}
      </div>
      <ThemeLink
        size="2"
        href={officialSource(article.act.short_name, article.act.title)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {lawTexts.source}
      </ThemeLink>
      <ArticleEditions article={article} />
    </Flex>
  );
}

/**
 * /law/:act/:article?date=: the article in the edition in force on the date (today by default), its
 * editions, and the act's table of contents; the address is the whole state, so it can be shared.
 */
export default function LawArticlePage() {
  const { act = "", article = "" } = useParams();
  const [search] = useSearchParams();
  const asked = search.get("date");
  const date = asked && DAY.test(asked) ? asked : null;
  const { data, error } = useArticle(act, article, date);
  useDocumentTitle(lawTexts.pageTitle(article, act));
  const failed = error instanceof LawLoadError ? (error.detail ?? lawTexts.pageFailed) : error && lawTexts.pageFailed;
  return (
    <div className="law-page" data-testid="law-page">
      <article>
        {failed ? (
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6">
              {lawTexts.pageTitle(article, act)}
            </Heading>
            <Text color="red" role="alert" data-testid="law-error">
              {failed}
            </Text>
          </Flex>
        ) : data ? (
          <ArticleBody article={data} />
        ) : (
          <DotsLoader />
        )}
      </article>
      <ActContents act={act} current={data?.number ?? article} date={date} />
    </div>
  );
}
