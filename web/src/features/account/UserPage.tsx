import { Card, Container, Heading } from "@radix-ui/themes";
import { AccountPanel } from "./AccountPanel";
import { settingsLayoutTexts } from "../../ui/texts/settingsLayout";
import { titlesTexts } from "../../ui/texts/titles";
import { useDocumentTitle } from "../../ui/document-title";

/** `/user`: the account fields of the settings modal, on their own page. */
export default function User() {
  useDocumentTitle(titlesTexts.account);
  return (
    <Container size="2" px={{ initial: "4", sm: "6" }} py={{ initial: "4", sm: "6" }}>
      <Heading as="h2" size="6" mb="4">
        {settingsLayoutTexts.account}
      </Heading>
      <Card size={{ initial: "2", sm: "3" }}>
        <AccountPanel />
      </Card>
    </Container>
  );
}
