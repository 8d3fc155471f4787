import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { sharePageTexts } from "../../ui/texts/sharePage";
import type { ShareGone } from "./shared-history";

/** A link that shows nothing says why, calmly, and offers the product instead (not a red load error). */
export function ShareGoneNotice({ why, action }: { why: ShareGone["gone"]; action: ReactNode }) {
  return (
    <Flex direction="column" align="center" gap="4" py="9" px="4" data-testid="share-gone">
      <Heading as="h1" size="6" align="center">
        {sharePageTexts.gone[why]}
      </Heading>
      <Text as="p" size="3" color="gray" align="center">
        {sharePageTexts.goneHint}
      </Text>
      {action}
    </Flex>
  );
}
