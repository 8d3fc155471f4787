import { Card, Container, Heading } from "@radix-ui/themes";
import { useState } from "react";
import { SubscriptionPanel } from "./SubscriptionPanel";
import type { SubscriptionView } from "../account/settings-store";
import { settingsLayoutTexts } from "../../ui/texts/settingsLayout";
import { titlesTexts } from "../../ui/texts/titles";
import { useDocumentTitle } from "../../ui/document-title";

/** `/subscription`: the settings modal's subscription tab, on its own page. */
export default function Subscription() {
  useDocumentTitle(titlesTexts.subscription);
  const [view, setView] = useState<SubscriptionView>("active");
  return (
    <Container size="2" px={{ initial: "4", sm: "6" }} py={{ initial: "4", sm: "6" }} data-testid="page-subscription">
      <Heading as="h2" size="6" mb="4">
        {settingsLayoutTexts.subscription}
      </Heading>
      <Card size={{ initial: "2", sm: "3" }}>
        <SubscriptionPanel view={view} onViewChange={setView} />
      </Card>
    </Container>
  );
}
