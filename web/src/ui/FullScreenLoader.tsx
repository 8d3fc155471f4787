import { Flex, Text } from "@radix-ui/themes";
import { texts } from "./texts";
import { DotsLoader } from "./DotsLoader";

/** Covers the screen until the auth state is known at start (docs/product.md §2). */
export function FullScreenLoader() {
  return (
    <Flex direction="column" align="center" justify="center" gap="1" style={{ minHeight: "100dvh" }} aria-busy="true" title={texts.auth.loading}>
      <Text size="7" weight="bold" color="indigo">
        {texts.brand}
      </Text>
      <DotsLoader />
    </Flex>
  );
}
