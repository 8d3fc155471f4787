import { Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { texts } from "../../texts";

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
export function FolderNameInput({ initial = "", label, onSubmit, onCancel }: Props) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const cancel = () => {
    done.current = true;
    onCancel();
  };
  const submit = async () => {
    const name = value.trim();
    if (saving) return;
    if (!name || name === initial.trim()) return cancel();
    setSaving(true);
    const failure = await onSubmit(name);
    setSaving(false);
    if (failure) setError(failure);
    else done.current = true;
  };

  return (
    <div className="folder-input">
      <TextField.Root
        ref={input}
        size="2"
        value={value}
        maxLength={FOLDER_NAME_MAX}
        placeholder={texts.folders.namePlaceholder}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        disabled={saving}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          }
        }}
        onBlur={() => {
          if (done.current || saving) return;
          if (error || !value.trim()) cancel();
          else void submit();
        }}
      />
      {error && (
        <Text as="p" size="1" color="red" role="alert" mt="1">
          {error}
        </Text>
      )}
    </div>
  );
}
