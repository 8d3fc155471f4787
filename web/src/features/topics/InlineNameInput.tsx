import { Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";

type Props = {
  initial?: string;
  label: string;
  maxLength: number;
  placeholder?: string;
  className: string;
  /** Saves the name; resolves to the error text to show, or null when saved. */
  onSubmit: (name: string) => Promise<string | null>;
  onCancel: () => void;
};

/**
 * A name typed in place (a topic's or a folder's): Enter saves, Escape cancels. Leaving the field
 * saves a changed name, as Enter would, and cancels after a refusal or when nothing changed.
 */
export function InlineNameInput({ initial = "", label, maxLength, placeholder, className, onSubmit, onCancel }: Props) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const settled = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // A menu hands focus back to its trigger as it closes; take it after that.
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const cancel = () => {
    settled.current = true;
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
    else settled.current = true;
  };

  return (
    <div className={className}>
      <TextField.Root
        ref={input}
        size="2"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
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
          if (settled.current || saving) return;
          if (error) cancel();
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
