import { ChevronDownIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { chatTexts } from "../../ui/texts/chat";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { ModeIcon } from "./ModeIcon";
import { useMode } from "./mode-store";
import { useModeTitle } from "./products-queries";

const loadMenu = () => import("./ModeMenu").then((m) => m.ModeMenu);

/**
 * The picked mode by the composer of a new chat (docs/web.md "Mode chip"): its icon and name, and a
 * menu of the modes to start the chat in another one without going back to Main.
 */
export function ModeChip() {
  const mode = useMode((s) => s.mode);
  const title = useModeTitle(mode) ?? mode;
  return (
    <OpenOnFirstPress
      load={loadMenu}
      props={{}}
      trigger={
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          radius="full"
          aria-label={chatTexts.modeChip.label(title)}
          data-testid="mode-chip"
        >
          <ModeIcon mode={mode} size={14} />
          {title}
          <ChevronDownIcon />
        </Button>
      }
    />
  );
}
