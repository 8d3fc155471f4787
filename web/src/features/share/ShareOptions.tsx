import { Checkbox, Flex, SegmentedControl, Text } from "@radix-ui/themes";
import { useId } from "react";
import { shareTexts } from "../../ui/texts/share";
import type { ShareLifetime } from "./share-link";

const LIFETIMES: ShareLifetime[] = ["1d", "7d", "30d", "never"];

type ShareOptionsProps = {
  /** The lifetime shown as picked; null when none is (a dated link made before the dialog opened). */
  lifetime: ShareLifetime | null;
  reveal: boolean;
  disabled: boolean;
  onLifetime: (lifetime: ShareLifetime) => void;
  onReveal: (reveal: boolean) => void;
};

/** How long the link works, and whether its readers see what the privacy guard hid (docs/privacy.md "Sharing"). */
export function ShareOptions({ lifetime, reveal, disabled, onLifetime, onReveal }: ShareOptionsProps) {
  const labelId = useId();
  return (
    <Flex direction="column" gap="3">
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id={labelId}>
          {shareTexts.lifetime}
        </Text>
        <SegmentedControl.Root
          value={lifetime ?? ""}
          onValueChange={(value) => onLifetime(value as ShareLifetime)}
          aria-labelledby={labelId}
          size="1"
          disabled={disabled}
        >
          {LIFETIMES.map((value) => (
            <SegmentedControl.Item key={value} value={value}>
              {shareTexts.lifetimes[value]}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={reveal} disabled={disabled} onCheckedChange={(checked) => onReveal(checked === true)} />
            {shareTexts.reveal}
          </Flex>
        </Text>
        <Text size="1" color={reveal ? "amber" : "gray"} data-testid="share-reveal-note">
          {reveal ? shareTexts.revealWarning : shareTexts.hiddenByDefault}
        </Text>
      </Flex>
    </Flex>
  );
}
