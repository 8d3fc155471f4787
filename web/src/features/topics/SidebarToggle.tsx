import { HamburgerMenuIcon, ViewVerticalIcon } from "@radix-ui/react-icons";
import { IconButton } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { useSidebar } from "./sidebar-state";

export const SIDEBAR_ID = "app-sidebar";

const isMac = () =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const shortcut = () => (isMac() ? sidebarTexts.shortcutMac : sidebarTexts.shortcut);

/** Collapses or expands the desktop sidebar (as Ctrl/Cmd+B does). */
export function SidebarToggle() {
  const open = useSidebar((s) => s.open);
  const setOpen = useSidebar((s) => s.setOpen);
  const label = open ? sidebarTexts.collapse : sidebarTexts.expand;
  return (
    <Hint content={`${label} (${shortcut()})`} side="right">
      <IconButton
        size="3"
        variant="ghost"
        color="gray"
        aria-label={label}
        aria-expanded={open}
        aria-controls={SIDEBAR_ID}
        onClick={() => setOpen(!open)}
        data-testid="sidebar-toggle"
      >
        <ViewVerticalIcon width="18" height="18" />
      </IconButton>
    </Hint>
  );
}

/** The header's ☰ on a phone: opens the sidebar drawer. */
export function SidebarDrawerButton() {
  const drawerOpen = useSidebar((s) => s.drawerOpen);
  const setDrawerOpen = useSidebar((s) => s.setDrawerOpen);
  return (
    <IconButton
      size="3"
      variant="soft"
      color="gray"
      aria-label={sidebarTexts.open}
      aria-expanded={drawerOpen}
      aria-controls={SIDEBAR_ID}
      onClick={() => setDrawerOpen(true)}
      // Clear of the 20 px edge zone, where touches have their default (the click) prevented.
      style={{ marginLeft: 8 }}
      data-testid="sidebar-drawer-button"
    >
      <HamburgerMenuIcon width="20" height="20" />
    </IconButton>
  );
}
