import {
  ArchiveIcon,
  DownloadIcon,
  DrawingPinIcon,
  Pencil1Icon,
  ResetIcon,
  Share1Icon,
  TrashIcon,
} from "@radix-ui/react-icons";
import { DropdownMenu } from "@radix-ui/themes";
import { useFoldersTaking } from "./folders-queries";
import { topicMenuTexts } from "../../ui/texts/topicMenu";
import { FolderIcon } from "./icons";
import { useSidebar } from "./sidebar-state";
import { downloadMarkdown, moveToFolder, setArchived, setPinned, type TopicResult } from "./topic-actions";
import { useTopicMenu } from "./topic-menu";

async function run(action: Promise<TopicResult>) {
  const result = await action;
  useSidebar.getState().setNotice("error" in result ? result.error : null);
}

/**
 * The topic menu of docs/product.md §2: opened by a topic's dots at the height of the click, with
 * "Переименовать" and "Поделиться" and the pin, folder, archive and delete actions.
 */
export function TopicMenu() {
  const { topic, anchor, mode, startRename, openDialog, close } = useTopicMenu();
  const folders = useFoldersTaking(topic?.assistant_type ?? null);
  const open = mode === "menu" && topic != null;

  return (
    <DropdownMenu.Root
      open={open}
      onOpenChange={(next) => {
        // Choosing "Переименовать" closes the menu but keeps the picked topic in rename mode.
        if (!next && useTopicMenu.getState().mode === "menu") close();
      }}
    >
      <DropdownMenu.Trigger>
        <span className="topic-menu__anchor" style={{ left: anchor.x, top: anchor.y }} aria-hidden="true" />
      </DropdownMenu.Trigger>
      {topic && (
        <DropdownMenu.Content
          side="bottom"
          align="start"
          sideOffset={2}
          style={{ minWidth: 210 }}
          aria-label={topicMenuTexts.actions}
          onCloseAutoFocus={(event) => {
            // Focus belongs to the rename input or the dialog now, not to the hidden anchor.
            if (useTopicMenu.getState().mode !== "menu") event.preventDefault();
          }}
        >
          <DropdownMenu.Item onSelect={startRename}>
            <Pencil1Icon />
            {topicMenuTexts.rename}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => openDialog("share")}>
            <Share1Icon />
            {topicMenuTexts.share}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void downloadMarkdown(topic).then((failure) => useSidebar.getState().setNotice(failure))}
          >
            <DownloadIcon />
            {topicMenuTexts.download}
          </DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item onSelect={() => void run(setPinned(topic, !topic.pinned))}>
            <DrawingPinIcon />
            {topic.pinned ? topicMenuTexts.unpin : topicMenuTexts.pin}
          </DropdownMenu.Item>
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger>
              <FolderIcon />
              {topicMenuTexts.toFolder}
            </DropdownMenu.SubTrigger>
            <DropdownMenu.SubContent>
              {folders.filter((folder) => folder.id !== topic.folder_id).length === 0 && (
                <DropdownMenu.Item disabled>{topicMenuTexts.noFolders}</DropdownMenu.Item>
              )}
              {folders
                .filter((folder) => folder.id !== topic.folder_id)
                .map((folder) => (
                  <DropdownMenu.Item key={folder.id} onSelect={() => void run(moveToFolder(topic, folder.id))}>
                    <FolderIcon />
                    {folder.name}
                  </DropdownMenu.Item>
                ))}
            </DropdownMenu.SubContent>
          </DropdownMenu.Sub>
          {topic.folder_id != null && (
            <DropdownMenu.Item onSelect={() => void run(moveToFolder(topic, null))}>
              <ResetIcon />
              {topicMenuTexts.outOfFolder}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator />
          <DropdownMenu.Item onSelect={() => void run(setArchived(topic, topic.status !== "archived"))}>
            <ArchiveIcon />
            {topic.status === "archived" ? topicMenuTexts.unarchive : topicMenuTexts.archive}
          </DropdownMenu.Item>
          <DropdownMenu.Item color="red" onSelect={() => openDialog("delete")}>
            <TrashIcon />
            {topicMenuTexts.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      )}
    </DropdownMenu.Root>
  );
}
