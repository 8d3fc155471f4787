import { Flex, Text } from "@radix-ui/themes";
import { texts } from "../../texts";

// Placeholder until the subscriptions work: the limits and plans views of SPEC.md §2 go here,
// switched by `useSettings().view`.
export function SubscriptionTab() {
  return (
    <Flex align="center" justify="center" py="6" px="4" data-testid="subscription-tab">
      <Text color="gray" align="center">
        {texts.settings.subscriptionPreparing}
      </Text>
    </Flex>
  );
}
