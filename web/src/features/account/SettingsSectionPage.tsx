import { Card, Container, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../ui/document-title";
import type { SettingsTab } from "./settings-store";
import { settingsSection } from "./settings-sections";

/** A settings section on its own page (`/user`, `/subscription`, `/user/privacy`): its name, then its panel. */
export function SettingsSectionPage({
  id,
  testId,
  children,
}: {
  id: SettingsTab;
  testId?: string;
  children: ReactNode;
}) {
  const { label } = settingsSection(id);
  useDocumentTitle(label);
  return (
    <Container size="2" px={{ initial: "4", sm: "6" }} py={{ initial: "4", sm: "6" }} data-testid={testId}>
      <Heading as="h2" size="6" mb="4">
        {label}
      </Heading>
      <Card size={{ initial: "2", sm: "3" }}>{children}</Card>
    </Container>
  );
}
