import { Card, Container, Heading } from "@radix-ui/themes";
import { AccountPanel } from "./AccountPanel";
import { texts } from "../../ui/texts";
import { useDocumentTitle } from "../../ui/document-title";

/** `/user`: the account fields of the settings modal, on their own page. */
export default function User() {
  useDocumentTitle(texts.titles.account);
  return (
    <Container size="2" px={{ initial: "4", sm: "6" }} py={{ initial: "4", sm: "6" }}>
      <Heading as="h2" size="6" mb="4">
        {texts.settingsLayout.account}
      </Heading>
      <Card size={{ initial: "2", sm: "3" }}>
        <AccountPanel />
      </Card>
    </Container>
  );
}
