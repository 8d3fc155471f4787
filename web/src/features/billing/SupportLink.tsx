import { ChatBubbleIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import { subscriptionTexts } from "../../ui/texts/subscription";
import { SUPPORT_URL } from "./support";

/** The support button: the messenger channel, in a new tab. */
export function SupportLink() {
  return (
    <Flex direction="column" gap="1" align="start">
      <Text size="1" color="gray">
        {subscriptionTexts.supportHint}
      </Text>
      <Button asChild variant="outline" color="gray">
        <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
          <ChatBubbleIcon />
          {subscriptionTexts.support}
        </a>
      </Button>
    </Flex>
  );
}
