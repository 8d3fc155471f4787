import { DotsHorizontalIcon, PlusIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, Text } from "@radix-ui/themes";
import { Hint } from "../../ui/Hint";
import { useState } from "react";
import { ModeIcon } from "../modes/ModeIcon";
import { useModeTitle } from "../modes/products-queries";
import { CreateFolderDialog } from "./CreateFolderDialog";
import {
  createFolder,
  type Folder,
  removeFolder,
  renameFolder,
  useFilterFolderMode,
  useFolders,
} from "./folders-queries";
import { invalidateTopics } from "./topics-queries";
import { foldersTexts } from "../../ui/texts/folders";
import { LazyConfirmDeleteDialog } from "./LazyConfirmDeleteDialog";
import { OpenOnFirstPress } from "../../ui/lazy/OpenOnFirstPress";
import { FolderIcon } from "./icons";
import { FolderNameInput } from "./FolderNameInput";
import { useSidebar } from "./sidebar-state";

const loadFolderMenu = () => import("./FolderMenu").then((m) => m.FolderMenu);

function DeleteFolderDialog({ folder, onClose }: { folder: Folder | null; onClose: () => void }) {
  return (
    <LazyConfirmDeleteDialog
      open={folder != null}
      title={foldersTexts.deleteTitle}
      description={folder && foldersTexts.deleteText(folder.name)}
      cancelLabel={foldersTexts.cancel}
      confirmLabel={foldersTexts.deleteConfirm}
      onConfirm={async () => {
        if (!folder) return null;
        const failure = await removeFolder(folder.id);
        if (failure) return failure;
        // The folder's topics stay, now outside any folder: show the list as the server has it.
        if (useSidebar.getState().folderId === folder.id) useSidebar.getState().setFolderId(null);
        void invalidateTopics();
        onClose();
        return null;
      }}
      onClose={onClose}
    />
  );
}

/** The mode a folder belongs to: its icon, named for a screen reader and in a hint. */
function FolderMode({ mode }: { mode: string }) {
  const label = foldersTexts.modeOf(useModeTitle(mode) ?? mode);
  return (
    <Hint content={label}>
      <span className="folder-item__mode" role="img" aria-label={label} data-mode={mode} data-testid="folder-mode">
        <ModeIcon mode={mode} size={14} />
      </span>
    </Hint>
  );
}

/**
 * The folders of the modes the filter shows, each with its mode: one narrows the list to its topics
 * (a second click shows every topic again); created (under «Все чаты» for the mode the user picks),
 * renamed and deleted in place; deleting keeps the topics.
 */
export function FolderSection() {
  const folders = useFolders();
  // Under a mode's filter a new folder is that mode's, named in place; under «Все чаты» a dialog asks.
  const filterMode = useFilterFolderMode();
  const folderId = useSidebar((s) => s.folderId);
  const setFolderId = useSidebar((s) => s.setFolderId);
  const [creating, setCreating] = useState(false);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);

  return (
    <section className="folder-section" aria-label={foldersTexts.title} data-testid="folder-section">
      <Flex align="center" justify="between" className="folder-section__header">
        <Text size="1" weight="medium" color="gray">
          {foldersTexts.title}
        </Text>
        <Hint content={foldersTexts.create}>
          <IconButton
            size="1"
            variant="ghost"
            color="gray"
            aria-label={foldersTexts.create}
            onClick={() => setCreating(true)}
          >
            <PlusIcon />
          </IconButton>
        </Hint>
      </Flex>
      {creating && filterMode && (
        <FolderNameInput
          label={foldersTexts.create}
          onSubmit={async (name) => {
            const failure = await createFolder(filterMode, name);
            if (!failure) setCreating(false);
            return failure;
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <CreateFolderDialog
        open={creating && !filterMode}
        onCreate={async (mode, name) => {
          const failure = await createFolder(mode, name);
          if (!failure) setCreating(false);
          return failure;
        }}
        onClose={() => setCreating(false)}
      />
      <ul className="folder-section__list">
        {folders.map((folder) =>
          renamingId === folder.id ? (
            <li key={folder.id}>
              <FolderNameInput
                initial={folder.name}
                label={foldersTexts.rename}
                onSubmit={async (name) => {
                  const failure = await renameFolder(folder.id, name);
                  if (!failure) setRenamingId(null);
                  return failure;
                }}
                onCancel={() => setRenamingId(null)}
              />
            </li>
          ) : (
            <li
              key={folder.id}
              className="folder-item"
              data-active={folderId === folder.id || undefined}
              data-testid="folder-item"
            >
              <button
                type="button"
                className="folder-item__button"
                aria-pressed={folderId === folder.id}
                onClick={() => setFolderId(folderId === folder.id ? null : folder.id)}
              >
                <FolderIcon />
                <Text size="2" truncate>
                  {folder.name}
                </Text>
              </button>
              <FolderMode mode={folder.assistant_type} />
              <OpenOnFirstPress
                load={loadFolderMenu}
                props={{ onRename: () => setRenamingId(folder.id), onDelete: () => setDeleting(folder) }}
                trigger={
                  <button
                    type="button"
                    className="folder-item__dots"
                    aria-label={`${foldersTexts.actions}: ${folder.name}`}
                  >
                    <DotsHorizontalIcon />
                  </button>
                }
              />
            </li>
          ),
        )}
      </ul>
      <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
