import { ChevronDownIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { chatTexts } from "../../ui/texts/chat";
import { ModeIcon } from "./ModeIcon";
import { ASSISTANT_TYPES, type AssistantType, useMode } from "./mode-store";
import { useProducts } from "./products-queries";

const t = chatTexts.modeChip;
const isMode = (value: string): value is AssistantType => ASSISTANT_TYPES.includes(value as AssistantType);

/**
 * The picked mode by the composer of a new chat (docs/web.md "Mode chip"): its icon and name, and a
 * menu of the modes to start the chat in another one without going back to Main.
 */
export function ModeChip() {
  const mode = useMode((s) => s.mode);
  const setMode = useMode((s) => s.setMode);
  const modes = (useProducts().data ?? []).filter((p) => isMode(p.assistant_type));
  const title = modes.find((p) => p.assistant_type === mode)?.title ?? chatTexts.modeTitles[mode];

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button type="button" size="1" variant="soft" color="gray" radius="full" aria-label={t.label(title)} data-testid="mode-chip">
          <ModeIcon mode={mode} size={14} />
          {title}
          <ChevronDownIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content size="2" aria-label={t.menu}>
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
