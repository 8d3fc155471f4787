import { foldersTexts } from "../../ui/texts/folders";
import { InlineNameInput } from "./InlineNameInput";

/** The server's limit on a folder name (docs/conversations.md). */
export const FOLDER_NAME_MAX = 60;

type Props = {
  initial?: string;
  label: string;
  /** Saves the name; resolves to the error text to show, or null when saved. */
  onSubmit: (name: string) => Promise<string | null>;
  onCancel: () => void;
};

/** A folder's name being typed: Enter saves, Escape (or leaving an empty field) cancels. */
export function FolderNameInput(props: Props) {
  return (
    <InlineNameInput
      {...props}
      className="folder-input"
      maxLength={FOLDER_NAME_MAX}
      placeholder={foldersTexts.namePlaceholder}
    />
  );
}
