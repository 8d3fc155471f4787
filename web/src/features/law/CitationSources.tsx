import { Flex, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { formatDay } from "../../ui/format";
import { lawTexts } from "../../ui/texts/law";
import { articlePath, type Citation, sourcesOf } from "./citations";

/**
 * «Источники» under a reply: the articles it rests on (in force or repealed, each once) as links to
 * their pages, then the citations that could not be confirmed, flagged.
 */
export function CitationSources({ citations, date }: { citations: readonly Citation[]; date: string | null }) {
  const { resolved, flagged } = sourcesOf(citations);
  if (!resolved.length && !flagged.length) return null;
  return (
    <nav className="citation-sources" aria-label={lawTexts.sources} data-testid="citation-sources">
      {resolved.length > 0 && (
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            {lawTexts.sources}
          </Text>
          <ul>
            {resolved.map((c) => (
              <li key={`${c.act}/${c.article}`} data-testid="citation-source">
                <ThemeLink asChild size="2">
                  <Link to={articlePath(c.act, c.article, date)}>{lawTexts.article(c.article, c.act)}</Link>
                </ThemeLink>
                {c.status === "repealed" && (
                  <Text size="2" color="amber">
                    {" — "}
                    {lawTexts.repealed(formatDay(c.repealed_on ?? c.edition_from ?? "")).toLowerCase()}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        </Flex>
      )}
      {flagged.length > 0 && (
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium" color="gray">
            {lawTexts.notConfirmed}
          </Text>
          <ul>
            {flagged.map((c) => (
              <li key={`${c.act}/${c.article}`} data-testid="citation-flagged" data-status={c.status}>
                <Text size="2" color={c.status === "not_found" ? "red" : "gray"}>
                  {lawTexts.article(c.article, c.act)}
                  {" — "}
                  {c.status === "not_found" ? lawTexts.notFoundShort : lawTexts.unknownActShort}
                </Text>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </nav>
  );
}
