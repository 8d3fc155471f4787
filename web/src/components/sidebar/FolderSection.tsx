import { DotsHorizontalIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { AlertDialog, Button, DropdownMenu, Flex, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { useState } from "react";
import { useFolders, type Folder } from "../../stores/folders";
import { useTopics } from "../../stores/topics";
import { texts } from "../../texts";
import { FolderIcon } from "./icons";
import { FolderNameInput } from "./FolderNameInput";
import { useSidebar } from "./sidebar-state";

function DeleteFolderDialog({ folder, onClose }: { folder: Folder | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!folder) return;
    setBusy(true);
    const failure = await useFolders.getState().remove(folder.id);
    setBusy(false);
    if (failure) return setError(failure);
    // The folder's topics stay, now outside any folder: show the list as the server has it.
    if (useSidebar.getState().folderId === folder.id) useSidebar.getState().setFolderId(null);
    else void useTopics.getState().reload();
    onClose();
  };
  return (
    <AlertDialog.Root
      open={folder != null}
      onOpenChange={(open) => {
        if (open || busy) return;
        setError(null);
        onClose();
      }}
    >
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{texts.folders.deleteTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{folder && texts.folders.deleteText(folder.name)}</AlertDialog.Description>
        {error && (
          <Text as="p" size="2" color="red" role="alert" mt="3">
            {error}
          </Text>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              {texts.folders.cancel}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {texts.folders.deleteConfirm}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * The picked mode's folders: one narrows the list to its topics (a second click shows every
 * topic again); created, renamed and deleted in place; deleting keeps the topics.
 */
export function FolderSection() {
  const folders = useFolders((s) => s.folders);
  const folderId = useSidebar((s) => s.folderId);
  const setFolderId = useSidebar((s) => s.setFolderId);
  const [creating, setCreating] = useState(false);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);

  return (
    <section className="folder-section" aria-label={texts.folders.title} data-testid="folder-section">
      <Flex align="center" justify="between" className="folder-section__header">
        <Text size="1" weight="medium" color="gray">
          {texts.folders.title}
        </Text>
        <Tooltip content={texts.folders.create}>
          <IconButton size="1" variant="ghost" color="gray" aria-label={texts.folders.create} onClick={() => setCreating(true)}>
            <PlusIcon />
          </IconButton>
        </Tooltip>
      </Flex>
      {creating && (
        <FolderNameInput
          label={texts.folders.create}
          onSubmit={async (name) => {
            const failure = await useFolders.getState().create(name);
            if (!failure) setCreating(false);
            return failure;
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <ul className="folder-section__list">
        {folders.map((folder) =>
          renamingId === folder.id ? (
            <li key={folder.id}>
              <FolderNameInput
                initial={folder.name}
                label={texts.folders.rename}
                onSubmit={async (name) => {
                  const failure = await useFolders.getState().rename(folder.id, name);
                  if (!failure) setRenamingId(null);
                  return failure;
                }}
                onCancel={() => setRenamingId(null)}
              />
            </li>
          ) : (
            <li key={folder.id} className="folder-item" data-active={folderId === folder.id || undefined} data-testid="folder-item">
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
              <DropdownMenu.Root>
                <DropdownMenu.Trigger>
                  <button type="button" className="folder-item__dots" aria-label={`${texts.folders.actions}: ${folder.name}`}>
                    <DotsHorizontalIcon />
                  </button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Content align="start" side="bottom" onCloseAutoFocus={(event) => event.preventDefault()}>
                  <DropdownMenu.Item onSelect={() => setRenamingId(folder.id)}>
                    <Pencil1Icon />
                    {texts.folders.rename}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item color="red" onSelect={() => setDeleting(folder)}>
                    <TrashIcon />
                    {texts.folders.delete}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Root>
            </li>
          ),
        )}
      </ul>
      <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
