import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";

export type ConfirmDeleteProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Deletes; resolves to the error text to show, or null when done (the caller closes the dialog). */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
};

/** "Удалить …?": a red confirm button that waits for the deletion and shows a refusal in place. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDeleteProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    const failure = await onConfirm();
    setBusy(false);
    // A success clears an earlier failure, so the next opening starts clean.
    setError(failure);
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        setError(null);
        onClose();
      }}
    >
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        {error && (
          <Text as="p" size="2" color="red" role="alert" mt="3">
            {error}
          </Text>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
