import { EyeClosedIcon, EyeOpenIcon } from "@radix-ui/react-icons";
import { Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { texts } from "../../texts";

/** The error under a field; nothing at all when the text is empty after trimming (SPEC.md §5). */
export function FieldError({ id, text }: { id?: string; text?: string | null }) {
  if (!text?.trim()) return null;
  return (
    <Text id={id} size="1" color="red" role="alert">
      {text}
    </Text>
  );
}

type TextInputProps = Omit<ComponentProps<typeof TextField.Root>, "size"> & {
  label: string;
  error?: string | null;
  /** Something beside the label, e.g. the "Забыли пароль?" link. */
  aside?: ReactNode;
};

/** A labelled text field with its error under it, tied together for screen readers. */
export function TextInput({ label, error, aside, id, children, ...rest }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const invalid = Boolean(error?.trim());
  return (
    <Flex direction="column" gap="1">
      <Flex justify="between" align="baseline" gap="2">
        <Text as="label" size="2" weight="medium" htmlFor={inputId}>
          {label}
        </Text>
        {aside}
      </Flex>
      <TextField.Root
        id={inputId}
        size="3"
        color={invalid ? "red" : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...rest}
      >
        {children}
      </TextField.Root>
      <FieldError id={errorId} text={error} />
    </Flex>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordInput(props: Omit<TextInputProps, "type" | "children">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput {...props} type={visible ? "text" : "password"}>
      <TextField.Slot side="right">
        <IconButton
          type="button"
          size="2"
          variant="ghost"
          color="gray"
          aria-label={visible ? texts.auth.hidePassword : texts.auth.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
        </IconButton>
      </TextField.Slot>
    </TextInput>
  );
}
