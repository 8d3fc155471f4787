import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Button, IconButton, Kbd } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { searchTexts } from "../../ui/texts/search";
import { useSearch } from "./search-state";
import { useIsTouch } from "../../ui/hooks/useMediaQuery";

const isMac = () =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const shortcut = () => (isMac() ? searchTexts.shortcutMac : searchTexts.shortcut);

/** The sidebar's way into search (a field-like button; an icon in the collapsed rail). */
export function SearchButton({ compact = false }: { compact?: boolean }) {
  const open = () => useSearch.getState().setOpen(true);
  // A touch screen has no Ctrl or ⌘ to press: the hint would only puzzle.
  const touch = useIsTouch();
  if (compact) {
    return (
      <Hint content={touch ? searchTexts.open : `${searchTexts.open} (${shortcut()})`} side="right">
        <IconButton size="3" variant="ghost" color="gray" aria-label={searchTexts.open} onClick={open}>
          <MagnifyingGlassIcon width="18" height="18" />
        </IconButton>
      </Hint>
    );
  }
  return (
    <Button
      size="2"
      variant="surface"
      color="gray"
      className="sidebar__search"
      aria-keyshortcuts={touch ? undefined : "Control+K Meta+K"}
      onClick={open}
    >
      <MagnifyingGlassIcon />
      {searchTexts.open}
      {!touch && (
        <Kbd size="1" className="sidebar__search-keys">
          {shortcut()}
        </Kbd>
      )}
    </Button>
  );
}
