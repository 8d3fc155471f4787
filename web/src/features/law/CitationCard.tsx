import { Badge, Flex, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { formatDay } from "../../ui/format";
import { lawTexts } from "../../ui/texts/law";
import { articlePath, type Citation, isResolved } from "./citations";
import { LawLoadError, useArticle } from "./law-queries";
import { officialSource } from "./official-source";

/** The line that says what the check found: in force (the edition), repealed (since), invented, not checkable. */
export function CitationStatus({ citation, repealedOn }: { citation: Citation; repealedOn?: string | null }) {
  switch (citation.status) {
    case "in_force":
      return (
        <Flex gap="2" align="center" wrap="wrap" data-testid="citation-status" data-status="in_force">
          <Badge color="green" highContrast>
            {lawTexts.inForce}
          </Badge>
          {citation.edition_from && (
            <Text size="1" color="gray">
              {lawTexts.edition(formatDay(citation.edition_from))}
            </Text>
          )}
        </Flex>
      );
    case "repealed": {
      const on = citation.repealed_on ?? repealedOn ?? citation.edition_from;
      return (
        <Flex data-testid="citation-status" data-status="repealed">
          <Badge color="amber" highContrast>
            {on ? lawTexts.repealed(formatDay(on)) : lawTexts.repealedEdition}
          </Badge>
        </Flex>
      );
    }
    case "not_found":
      return (
        <Text as="p" size="2" color="red" weight="medium" data-testid="citation-status" data-status="not_found">
          {lawTexts.notFound(citation.act)}
        </Text>
      );
    default:
      return (
        <Text as="p" size="2" color="gray" data-testid="citation-status" data-status="unknown_act">
          {lawTexts.unknownAct}
        </Text>
      );
  }
}

/** The article's text in the edition the reply was checked at, loaded when the card opens. */
function ArticleText({ citation, date }: { citation: Citation; date: string | null }) {
  const { data, error, isPending } = useArticle(citation.act, citation.article, date);
  if (error) {
    const text = error instanceof LawLoadError && error.status === 401 ? lawTexts.signInToRead : lawTexts.loadFailed;
    return (
      <Text as="p" size="2" color="gray">
        {text}
      </Text>
    );
  }
  if (isPending) {
    return (
      <Text as="p" size="2" color="gray">
        {lawTexts.loading}
      </Text>
    );
  }
  return (
    <>
      {data.act.demo && (
        <Badge color="amber" variant="soft" highContrast data-testid="law-demo">
          {lawTexts.demo}
        </Badge>
      )}
      <Text as="p" size="2" weight="bold">
        {data.title}
      </Text>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long article scrolls in the card; a keyboard scrolls it too */}
      <section className="law-text law-text--card" aria-label={data.title} tabIndex={0} data-testid="citation-text">
        {data.edition.text.split("\n").map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one edition never move
          <p key={i}>{line}</p>
        ))}
      </section>
    </>
  );
}

/** What a citation's popover shows (docs/law.md "What the user sees"). */
export function CitationCard({ citation, date }: { citation: Citation; date: string | null }) {
  const resolved = isResolved(citation);
  return (
    <Flex direction="column" gap="2" className="citation-card">
      <Text size="2" weight="medium" color="gray">
        {lawTexts.article(citation.article, citation.act)}
      </Text>
      <CitationStatus citation={citation} />
      {resolved && <ArticleText citation={citation} date={date} />}
      <Flex gap="4" wrap="wrap">
        {resolved && (
          <ThemeLink asChild size="2">
            <Link to={articlePath(citation.act, citation.article, date)}>{lawTexts.open}</Link>
          </ThemeLink>
        )}
        <ThemeLink size="2" href={officialSource(citation.act)} target="_blank" rel="noopener noreferrer">
          {lawTexts.source}
        </ThemeLink>
      </Flex>
    </Flex>
  );
}
