import { Callout, Container, Flex, Text } from "@radix-ui/themes";
import { useLocation } from "react-router";
import { useDocumentTitle } from "../../ui/document-title";
import { DotsLoader } from "../../ui/DotsLoader";
import { formatDate } from "../../ui/format";
import { Markdown } from "../../ui/markdown/LazyMarkdown";
import { legalTexts } from "../../ui/texts/legal";
import { LegalLinks } from "./legal-links";
import { type LegalKind, useLegalDocument } from "./legal-queries";

const t = legalTexts;

/** `/offer`, `/privacy`, `/terms`: a document in force, readable by anyone (docs/legal.md), in `PublicLayout`. */
export default function LegalPage() {
  const kind = useLocation().pathname.slice(1) as LegalKind;
  const { data, error } = useLegalDocument(kind);
  useDocumentTitle(t[kind]);
  return (
    <Container size="3" px="4" py="6" data-testid="page-legal">
      <Flex direction="column" gap="4">
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t.failed}</Callout.Text>
          </Callout.Root>
        )}
        {!data && !error && <DotsLoader />}
        {data && (
          <article>
            <Text as="p" size="1" color="gray" data-testid="legal-version">
              {t.updated(data.version, formatDate(data.updated_at) ?? "")}
            </Text>
            <Markdown text={data.body} />
          </article>
        )}
        <LegalLinks />
      </Flex>
    </Container>
  );
}
