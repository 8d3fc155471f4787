import { ArchiveIcon, ArrowLeftIcon, Cross2Icon, Pencil2Icon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, IconButton, ScrollArea, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useIsMobile } from "../../ui/hooks/useMediaQuery";
import { useSwipeDrawer } from "../../ui/hooks/useSwipeDrawer";
import { useFolders } from "./folders-queries";
import { foldersTexts } from "../../ui/texts/folders";
import { sidebarTexts } from "../../ui/texts/sidebar";
import { DeleteTopicDialog } from "./DeleteTopicDialog";
import { FolderSection } from "./FolderSection";
import { useNewChat } from "./new-chat";
import { useSidebar } from "./sidebar-state";
import { SIDEBAR_ID, SidebarToggle } from "./SidebarToggle";
import { TopicList } from "./TopicList";
import { TypeFilter } from "./TypeFilter";
import { useTopicMenu } from "./topic-menu";
import { UpgradeCard } from "./UpgradeCard";
import { SearchButton } from "../search/SearchButton";
import { useSearchShortcut } from "../search/use-search-shortcut";
import { LazySearchDialog, LazyShareDialog, LazyTopicMenu } from "./sidebar-dialogs";
import { useSidebarShortcut } from "./use-sidebar-shortcut";
import { useTopicListLoader } from "./use-topic-list";
import "./sidebar.css";

/** What the list shows: the mode's chats, one folder, or the archive, with the way back. */
function ListHeading() {
  const status = useSidebar((s) => s.status);
  const setStatus = useSidebar((s) => s.setStatus);
  const folderId = useSidebar((s) => s.folderId);
  const setFolderId = useSidebar((s) => s.setFolderId);
  const folder = useFolders().find((f) => f.id === folderId);
  if (status === "archived" || folder) {
    return (
      <Flex align="center" justify="between" gap="2" className="sidebar__heading">
        <Text size="2" weight="medium" truncate>
          {status === "archived" ? sidebarTexts.archive : foldersTexts.inFolder(folder!.name)}
        </Text>
        <Button
          size="1"
          variant="ghost"
          color="gray"
          onClick={() => (status === "archived" ? setStatus("active") : setFolderId(null))}
        >
          {status === "archived" ? <ArrowLeftIcon /> : <Cross2Icon />}
          {status === "archived" ? sidebarTexts.backToChats : foldersTexts.showAll}
        </Button>
      </Flex>
    );
  }
  return <TypeFilter />;
}

function Notice() {
  const notice = useSidebar((s) => s.notice);
  const setNotice = useSidebar((s) => s.setNotice);
  if (!notice) return null;
  return (
    <Callout.Root color="red" size="1" role="alert" className="sidebar__notice">
      <Callout.Text>{notice}</Callout.Text>
      <IconButton
        size="1"
        variant="ghost"
        color="red"
        aria-label={sidebarTexts.dismiss}
        onClick={() => setNotice(null)}
      >
        <Cross2Icon />
      </IconButton>
    </Callout.Root>
  );
}

/** The expanded sidebar (and the phone's drawer): new chat, folders, the list, archive, the plan card. */
function SidebarPanel({ isMobile }: { isMobile: boolean }) {
  const newChat = useNewChat();
  const status = useSidebar((s) => s.status);
  const setStatus = useSidebar((s) => s.setStatus);
  const setDrawerOpen = useSidebar((s) => s.setDrawerOpen);

  return (
    <Flex direction="column" height="100%" minHeight="0">
      <Flex align="center" gap="2" className="sidebar__top">
        {isMobile ? (
          <IconButton
            size="3"
            variant="soft"
            color="gray"
            aria-label={sidebarTexts.close}
            onClick={() => setDrawerOpen(false)}
          >
            <Cross2Icon width="18" height="18" />
          </IconButton>
        ) : (
          <SidebarToggle />
        )}
        <Button size="3" variant="soft" className="sidebar__new-chat" onClick={newChat.start}>
          <Pencil2Icon width="16" height="16" />
          {newChat.label}
        </Button>
      </Flex>
      <ScrollArea type="hover" scrollbars="vertical" scrollHideDelay={600} className="sidebar__scroll">
        <Flex direction="column" gap="3" className="sidebar__content">
          <SearchButton />
          <Notice />
          {status === "active" && <FolderSection />}
          <ListHeading />
          <TopicList />
        </Flex>
      </ScrollArea>
      <Flex direction="column" gap="2" className="sidebar__bottom">
        <Button
          variant={status === "archived" ? "soft" : "ghost"}
          color="gray"
          className="sidebar__archive"
          aria-pressed={status === "archived"}
          onClick={() => setStatus(status === "archived" ? "active" : "archived")}
        >
          <ArchiveIcon />
          {sidebarTexts.archive}
        </Button>
        <UpgradeCard />
      </Flex>
    </Flex>
  );
}

/** The collapsed sidebar: icons only, each with its tooltip. */
function SidebarRail() {
  const newChat = useNewChat();
  return (
    <Flex direction="column" align="center" gap="2" height="100%" className="sidebar__rail">
      <SidebarToggle />
      <Hint content={newChat.label} side="right">
        <IconButton size="3" variant="soft" aria-label={newChat.label} onClick={newChat.start}>
          <Pencil2Icon width="18" height="18" />
        </IconButton>
      </Hint>
      <SearchButton compact />
      <Flex flexGrow="1" />
      <UpgradeCard compact />
    </Flex>
  );
}

/**
 * The main layout's sidebar (docs/product.md §2, §9): 350 px, or 58 px of icons when collapsed (the
 * button or Ctrl/Cmd+B; kept in the `sidebar_state` cookie); below 768 px an 18rem drawer that
 * closes on navigation.
 */
export function Sidebar() {
  const isMobile = useIsMobile();
  const open = useSidebar((s) => s.open);
  const drawerOpen = useSidebar((s) => s.drawerOpen);
  const setDrawerOpen = useSidebar((s) => s.setDrawerOpen);
  const dialog = useTopicMenu((s) => s.dialog);
  const closeDialog = useTopicMenu((s) => s.closeDialog);
  const { pathname, search } = useLocation();

  useTopicListLoader();
  useSidebarShortcut(isMobile);
  useSearchShortcut();
  useSwipeDrawer({
    enabled: isMobile,
    open: drawerOpen,
    onOpen: () => setDrawerOpen(true),
    onClose: () => setDrawerOpen(false),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a move to another page (or another layout) closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, search, isMobile, setDrawerOpen]);

  useEffect(() => {
    if (!isMobile || !drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) =>
      event.key === "Escape" && !event.defaultPrevented && setDrawerOpen(false);
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isMobile, drawerOpen, setDrawerOpen]);

  const expanded = isMobile || open;

  return (
    <>
      <aside
        id={SIDEBAR_ID}
        className="sidebar"
        aria-label={sidebarTexts.label}
        data-state={expanded ? "expanded" : "collapsed"}
        data-mobile={isMobile || undefined}
        data-open={isMobile ? drawerOpen : undefined}
        data-testid="sidebar"
      >
        {expanded ? <SidebarPanel isMobile={isMobile} /> : <SidebarRail />}
      </aside>
      {isMobile && drawerOpen && (
        // biome-ignore lint/a11y: a pointer-only backdrop; Escape and the drawer's own controls are the keyboard way out
        <div className="sidebar__backdrop" data-testid="sidebar-backdrop" onClick={() => setDrawerOpen(false)} />
      )}
      <LazyTopicMenu />
      <DeleteTopicDialog />
      <LazyShareDialog topic={dialog?.kind === "share" ? dialog.topic : null} onClose={closeDialog} />
      <LazySearchDialog />
    </>
  );
}
