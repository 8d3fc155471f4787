import { Flex, Text } from "@radix-ui/themes";
import { authTexts } from "./texts/auth";
import { commonTexts } from "./texts/common";
import { DotsLoader } from "./DotsLoader";

/** Covers the screen until the auth state is known at start (docs/product.md §2). */
export function FullScreenLoader() {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="1"
      style={{ minHeight: "100dvh" }}
      aria-busy="true"
      title={authTexts.loading}
    >
      <Text size="7" weight="bold" color="indigo">
        {commonTexts.brand}
      </Text>
      <DotsLoader />
    </Flex>
  );
}
