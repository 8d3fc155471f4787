import { Text } from "@radix-ui/themes";
import { maskedSummary } from "../../../../worker/privacy/summary";
import type { MaskedCount } from "../../../../worker/privacy/vault";
import { chatTexts } from "../../ui/texts/chat";

/** Under a question in history: what the privacy guard hid from the model («Скрыли от модели: паспорт»). */
export function MaskedNote({ masked }: { masked: readonly MaskedCount[] }) {
  const summary = maskedSummary(masked);
  if (!summary) return null;
  return (
    <Text size="1" color="gray" className="message__masked" data-testid="message-masked">
      {chatTexts.hiddenFromModel + summary}
    </Text>
  );
}
