import { Pencil1Icon } from "@radix-ui/react-icons";
import { Box, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { accountTexts } from "../../ui/texts/account";
import { FieldError } from "./FieldError";

type Props = {
  label: string;
  type: "email" | "text";
  autoComplete: string;
  /** The server's value: what the field shows, and what it reverts to when a save fails. */
  value: string | null;
  /** Saves the new value; resolves to the server's error text when it refused, null when saved. */
  onSave: (next: string) => Promise<string | null>;
  /** More inputs of the edit form, under the value (the proof an e-mail change needs). */
  extra?: ReactNode;
  /** A note under the read-only value (an e-mail change waiting for its link). */
  notice?: string | null;
};

/** One account field that toggles between read-only and edit mode (docs/product.md §2, §4). */
export function EditableField({ label, type, autoComplete, value, onSave, extra, notice }: Props) {
  const labelId = useId();
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const startEditing = () => {
    setDraft(value ?? "");
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setDraft("");
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const failure = await onSave(draft);
    setSaving(false);
    setEditing(false);
    setDraft("");
    setError(failure);
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text as="div" id={labelId} size="2" weight="medium" color="gray" mb="1">
        {label}
      </Text>
      {editing ? (
        <form onSubmit={save} noValidate>
          <Flex gap="2" align="center" wrap="wrap">
            <Box flexGrow="1" minWidth="200px">
              <TextField.Root
                type={type}
                autoComplete={autoComplete}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                aria-labelledby={labelId}
                disabled={saving}
                autoFocus
              />
            </Box>
            {extra && <Box width="100%">{extra}</Box>}
            <Flex gap="2">
              <Button type="submit" loading={saving}>
                {accountTexts.save}
              </Button>
              <Button type="button" variant="soft" color="gray" onClick={cancel} disabled={saving}>
                {accountTexts.cancel}
              </Button>
            </Flex>
          </Flex>
        </form>
      ) : (
        <Flex gap="3" align="center" justify="between" minHeight="32px">
          <Text
            size="3"
            color={value ? undefined : "gray"}
            aria-describedby={error ? errorId : undefined}
            style={{ overflowWrap: "anywhere" }}
          >
            {value || accountTexts.notSet}
          </Text>
          <Button variant="ghost" size="2" onClick={startEditing} style={{ flexShrink: 0 }}>
            <Pencil1Icon />
            {accountTexts.edit}
          </Button>
        </Flex>
      )}
      <FieldError id={errorId} text={editing ? null : error} />
      {!editing && !error && notice && (
        <Text as="p" size="1" color="gray" role="status" mt="1">
          {notice}
        </Text>
      )}
    </Box>
  );
}
