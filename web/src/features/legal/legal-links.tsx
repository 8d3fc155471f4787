import { Flex, Link, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { legalTexts } from "../../ui/texts/legal";

const t = legalTexts;

/** A link to one of the documents, opened beside the page (a form being filled stays as it is). */
export function LegalLink({ kind, children }: { kind: "offer" | "privacy" | "terms"; children: ReactNode }) {
  return (
    <Link href={`/${kind}`} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

/** The three documents in a row: under the sign-in pages, the settings and a share page. */
export function LegalLinks() {
  return (
    <Flex gap="3" wrap="wrap" justify="center" className="legal-links" asChild>
      <nav aria-label="Документы">
        {(["terms", "privacy", "offer"] as const).map((kind) => (
          <Text key={kind} size="1">
            <LegalLink kind={kind}>{t[kind]}</LegalLink>
          </Text>
        ))}
      </nav>
    </Flex>
  );
}
