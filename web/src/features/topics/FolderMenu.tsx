import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { DropdownMenu } from "@radix-ui/themes";
import { foldersTexts } from "../../ui/texts/folders";
import type { Pressed } from "../../ui/lazy/OpenOnFirstPress";

export type FolderMenuProps = { onRename: () => void; onDelete: () => void };

/** A folder's menu around its dots, loaded when first pressed (features/topics/FolderSection.tsx). */
export function FolderMenu({ trigger, defaultOpen, onRename, onDelete }: FolderMenuProps & Pressed) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" side="bottom" onCloseAutoFocus={(event) => event.preventDefault()}>
        <DropdownMenu.Item onSelect={onRename}>
          <Pencil1Icon />
          {foldersTexts.rename}
        </DropdownMenu.Item>
        <DropdownMenu.Item color="red" onSelect={onDelete}>
          <TrashIcon />
          {foldersTexts.delete}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
