import { Button, Callout, Flex, Heading, Spinner, Switch, Text } from "@radix-ui/themes";
import { useState } from "react";
import { privacyTexts } from "../../ui/texts/privacy";
import { modeTitleOf, useProducts } from "../modes/products-queries";
import { usePrivacySettings } from "./privacy-queries";
import { setGuard } from "./set-guard";

const t = privacyTexts.settings;

/** The settings' "Приватность": per mode, whether personal data is hidden from the model (docs/privacy.md). */
export function PrivacySettings() {
  const settings = usePrivacySettings();
  const products = useProducts().data;
  const [error, setError] = useState<string | null>(null);

  const change = async (assistantType: string, enabled: boolean) => {
    setError(null);
    setError(await setGuard(assistantType, enabled));
  };
  const titleOf = (type: string) => modeTitleOf(products, type) ?? type;

  return (
    <Flex direction="column" gap="3" data-testid="privacy-settings">
      <Heading as="h3" size="3">
        {t.title}
      </Heading>
      <Text size="2" color="gray">
        {t.description}
      </Text>
      {settings.isPending && (
        <Flex justify="center" py="4">
          <Spinner size="3" />
        </Flex>
      )}
      {settings.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t.loadFailed}</Callout.Text>
          <Button size="1" variant="soft" color="red" onClick={() => void settings.refetch()}>
            {t.retry}
          </Button>
        </Callout.Root>
      )}
      {settings.data?.map(({ assistant_type, enabled }) => (
        <Text as="label" size="2" key={assistant_type}>
          <Flex justify="between" align="center" gap="3">
            {titleOf(assistant_type)}
            <Switch
              checked={enabled}
              onCheckedChange={(next) => void change(assistant_type, next)}
              aria-label={t.switchLabel(titleOf(assistant_type))}
              data-testid={`privacy-switch-${assistant_type}`}
            />
          </Flex>
        </Text>
      ))}
      {error && (
        <Text size="2" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
