import { DropdownMenu } from "@radix-ui/themes";
import type { Pressed } from "../../ui/lazy/OpenOnFirstPress";
import { chatTexts } from "../../ui/texts/chat";
import { ModeIcon } from "./ModeIcon";
import { ASSISTANT_TYPES, type AssistantType, useMode } from "./mode-store";
import { useProducts } from "./products-queries";

const isMode = (value: string): value is AssistantType => ASSISTANT_TYPES.includes(value as AssistantType);

/** The mode chip's menu of the modes, around the chip, loaded when first pressed (features/modes/ModeChip.tsx). */
export function ModeMenu({ trigger, defaultOpen }: Pressed) {
  const mode = useMode((s) => s.mode);
  const setMode = useMode((s) => s.setMode);
  const modes = (useProducts().data ?? []).filter((p) => isMode(p.assistant_type));
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content size="2" aria-label={chatTexts.modeChip.menu}>
        <DropdownMenu.RadioGroup value={mode} onValueChange={(value) => isMode(value) && setMode(value)}>
          {modes.map((product) => (
            <DropdownMenu.RadioItem key={product.assistant_type} value={product.assistant_type}>
              <ModeIcon mode={product.assistant_type} size={14} />
              {product.title}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
