import { Button, Dialog, Flex, RadioCards, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { foldersTexts } from "../../ui/texts/folders";
import { ModeIcon } from "../modes/ModeIcon";
import { ASSISTANT_TYPES, type AssistantType, useMode } from "../modes/mode-store";
import { modeTitleOf, useProducts } from "../modes/products-queries";
import { FOLDER_NAME_MAX } from "./FolderNameInput";

type Props = {
  open: boolean;
  /** Saves the folder; resolves to the error text to show, or null when saved (the caller closes). */
  onCreate: (mode: AssistantType, name: string) => Promise<string | null>;
  onClose: () => void;
};

/** «Новая папка» under «Все чаты»: its name and the mode it is for (the picked one to start with). */
export function CreateFolderDialog({ open, onCreate, onClose }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>{foldersTexts.create}</Dialog.Title>
        {/* Mounted while open only, so each opening starts with an empty name and the picked mode. */}
        {open && <CreateFolderForm onCreate={onCreate} onClose={onClose} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function CreateFolderForm({ onCreate, onClose }: Omit<Props, "open">) {
  const products = useProducts().data;
  const [name, setName] = useState("");
  const [mode, setMode] = useState<AssistantType>(useMode.getState().mode);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const questionId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || saving) return;
    setSaving(true);
    const failure = await onCreate(mode, name);
    setSaving(false);
    setError(failure);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Flex direction="column" gap="4">
        <TextField.Root
          autoFocus
          value={name}
          maxLength={FOLDER_NAME_MAX}
          placeholder={foldersTexts.namePlaceholder}
          aria-label={foldersTexts.namePlaceholder}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <Flex direction="column" gap="2">
          <Text as="div" size="2" weight="medium" id={questionId}>
            {foldersTexts.modeQuestion}
          </Text>
          <RadioCards.Root
            size="1"
            columns={{ initial: "1", xs: "2" }}
            value={mode}
            onValueChange={(value) => setMode(value as AssistantType)}
            aria-labelledby={questionId}
          >
            {ASSISTANT_TYPES.map((type) => (
              <RadioCards.Item key={type} value={type}>
                <Flex align="center" gap="2" width="100%">
                  <ModeIcon mode={type} size={16} />
                  <Text size="2">{modeTitleOf(products, type) ?? type}</Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Flex>
        {error && (
          <Text as="p" size="2" color="red" role="alert">
            {error}
          </Text>
        )}
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onClose} disabled={saving}>
            {foldersTexts.cancel}
          </Button>
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            {foldersTexts.createSubmit}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
